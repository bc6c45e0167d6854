// The SQLite driver: better-sqlite3, in the release that works on the running Node. Every other module
// takes Database from here, never from a package, so the server and scripts/check-sqlite-gc.mjs use the
// same one.
// - better-sqlite3 13.2.0 (package `better-sqlite3`) is built for N-API 10 (Node 22.14+, 24): on Node 20
//   (N-API 9) it segfaults as soon as it opens a database.
// - better-sqlite3 12.6.2 (the npm alias `better-sqlite3-n9`, an optional dependency compiled at install
//   when no prebuilt binary can be fetched; a Node that does not load it needs no compiler) works on
//   Node 20 and 22, but on Node 24 the process aborts (`Assertion failed: (env) != nullptr`) when the garbage
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

/**
 * The driver's module. 12.6.2 is an optional dependency (only Nodes before N-API 10 load it, and only it
 * needs a compiler when no prebuilt binary can be fetched), so npm goes on when it cannot be built: say so
 * here rather than with a bare "Cannot find module".
 */
function loadDriver(): typeof BetterSqlite3 {
  try {
    // @types/better-sqlite3 describes both releases: 13.x changed the build (N-API), not the API used here.
    return load(SQLITE_DRIVER) as typeof BetterSqlite3
  } catch (err) {
    if (SQLITE_DRIVER === 'better-sqlite3') throw err
    throw new Error(
      `Node ${process.version} needs the SQLite driver better-sqlite3 12.6.2 (${SQLITE_DRIVER}), which ` +
        `npm did not install: it is compiled when no prebuilt binary can be fetched, and that needs ` +
        'python3, make and g++. Install them and run `npm ci` again, or run the server on Node 22.14+ ' +
        `or 24 (better-sqlite3 13.2.0, prebuilt). (${String((err as Error).message).split('\n')[0]})`,
    )
  }
}

export const Database = loadDriver()
export type SqliteDatabase = BetterSqlite3.Database
