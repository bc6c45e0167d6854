// Every page order is read from an index in order: SQLite's plan for a page sorts nothing (no temp
// B-tree), so the first page of 10,000 entries costs its 40 rows whatever the sort.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Database, type SqliteDatabase } from './sqlite-driver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RomSortKey } from '@nes-studio/shared'
import { openSqliteRomStore, registerSqlFunctions, sqlitePageQuery } from './sqlite-rom-store'

let dir: string
let db: SqliteDatabase
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nes-plan-'))
  const file = path.join(dir, 'library.db')
  await (await openSqliteRomStore({ file })).close()
  db = new Database(file, { readonly: true })
  registerSqlFunctions(db)
})
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const SORTS: RomSortKey[] = ['date', 'title', 'size', 'mapper', 'played']

describe('SQLite page plans', () => {
  for (const sort of SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      for (const search of ['', 'mario']) {
        it(`reads a page by ${sort} ${order}${search ? ' with a search' : ''} without sorting`, () => {
          const { params, sql } = sqlitePageQuery({ offset: 0, limit: 40, search, sort, order })
          const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params, 40, 0) as {
            detail: string
          }[]
          const details = plan.map((step) => step.detail).join('; ')
          expect(details).not.toMatch(/TEMP B-TREE/)
          if (sort !== 'date') expect(details).toMatch(/USING INDEX roms_visible_/)
        })
      }
    }
  }
})
