// The SQLite driver: better-sqlite3, in the release that works on the running Node. Every other module
// takes Database from here, never from a package, so the server and scripts/check-sqlite-gc.mjs use the
// same one.
// - better-sqlite3 13.2.0 (package `better-sqlite3`) is built for N-API 10 (Node 22.14+, 24): on Node 20
//   (N-API 9) it segfaults as soon as it opens a database.
// - better-sqlite3 12.6.2 (the npm alias `better-sqlite3-n9`, compiled at install) works on Node 20 and
//   22, but on Node 24 the process aborts (`Assertion failed: (env) != nullptr`) when the garbage
//   collector frees one of its databases or statements: 14 of 20 server starts with a few requests.
// So N-API 10 or later takes 13.2.0 and older Nodes take 12.6.2. Remove the alias from
// apps/server/package.json, and this choice, when the project drops Node 20 (and 22 before 22.14).
import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

/** The first N-API version better-sqlite3 13.x runs on. */
const NAPI_OF_CURRENT_DRIVER = 10

/** The package name of the driver for a Node whose `process.versions.napi` is `napi`. */
export function sqliteDriverFor(napi: string | undefined): 'better-sqlite3' | 'better-sqlite3-n9' {
  return Number(napi) >= NAPI_OF_CURRENT_DRIVER ? 'better-sqlite3' : 'better-sqlite3-n9'
}

export const SQLITE_DRIVER = sqliteDriverFor(process.versions.napi)

const load = createRequire(import.meta.url)
// @types/better-sqlite3 describes both releases: 13.x changed the build (N-API), not the API used here.
export const Database = load(SQLITE_DRIVER) as typeof BetterSqlite3
export type SqliteDatabase = BetterSqlite3.Database
