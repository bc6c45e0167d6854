// The driver choice: better-sqlite3 13.x from N-API 10 (Node 22.14+, 24), 12.6.2 (the alias) before.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { Database, SQLITE_DRIVER, sqliteDriverFor } from './sqlite-driver'

describe('sqlite driver', () => {
  it('takes 13.x from N-API 10 and the 12.6.2 alias before', () => {
    expect(sqliteDriverFor('9')).toBe('better-sqlite3-n9')
    expect(sqliteDriverFor('10')).toBe('better-sqlite3')
    expect(sqliteDriverFor('12')).toBe('better-sqlite3')
    expect(sqliteDriverFor(undefined)).toBe('better-sqlite3-n9')
  })

  it('loads the release meant for this Node and opens a database with it', () => {
    const { version } = createRequire(import.meta.url)(`${SQLITE_DRIVER}/package.json`) as {
      version: string
    }
    expect(version.split('.')[0]).toBe(Number(process.versions.napi) >= 10 ? '13' : '12')
    const db = new Database(':memory:')
    expect(db.prepare('SELECT 41 + 1 AS n').get()).toEqual({ n: 42 })
    db.close()
  })
})
