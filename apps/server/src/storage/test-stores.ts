// For contract suites: the backends under test (kysely's DIALECTS), SQLite always and PostgreSQL when
// TEST_DATABASE_URL is set, each able to create a throw-away database that can be opened several times.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { POSTGRES_MIGRATIONS } from './migrations/postgres-migrations'
import { SQLITE_MIGRATIONS } from './migrations/sqlite-migrations'
import { openPostgresRomStore } from './postgres/postgres-rom-store'
import {
  bumpSchemaVersion,
  corruptPostgresRomByte,
  dropSchema,
  insertPostgresOldRom,
  uniqueSchemaName,
} from './postgres/postgres-test-schema'
import type { NewRom, RomStore } from './rom-store'
import { openSqliteRomStore } from './sqlite/sqlite-rom-store'
import {
  bumpSqliteSchemaVersion,
  corruptSqliteRomByte,
  insertSqliteOldRom,
} from './sqlite/sqlite-test-db'

/** A database a suite may open several times (to test reopening), then throw away. */
export interface TestDatabase {
  open(upToVersion?: number): Promise<RomStore>
  /** Records a migration newer than this code knows. */
  bumpVersion(): Promise<void>
  /** Flips the byte at `offset` of a stored ROM below the store, with every store on it closed. */
  corruptRomByte(romId: string, offset: number): Promise<void>
  /** Stores a ROM as an older server did (only migration 1's columns): for upgrade tests. */
  insertOldRom(rom: NewRom): Promise<void>
  destroy(): Promise<void>
}

export interface StoreUnderTest {
  name: 'sqlite' | 'postgres'
  migrations: number
  createDatabase(): TestDatabase
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

const sqlite: StoreUnderTest = {
  name: 'sqlite',
  migrations: SQLITE_MIGRATIONS.length,
  createDatabase() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nes-store-'))
    const file = path.join(dir, 'library.db')
    return {
      open: (upToVersion) => openSqliteRomStore({ file, upToVersion }),
      bumpVersion: async () => bumpSqliteSchemaVersion(file),
      corruptRomByte: async (romId, offset) => corruptSqliteRomByte(file, romId, offset),
      insertOldRom: async (rom) => insertSqliteOldRom(file, rom),
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
}

function postgres(url: string): StoreUnderTest {
  return {
    name: 'postgres',
    migrations: POSTGRES_MIGRATIONS.length,
    createDatabase() {
      const schema = uniqueSchemaName('contract')
      return {
        open: (upToVersion) =>
          openPostgresRomStore({ connectionString: url, schema, poolMax: 4, upToVersion }),
        bumpVersion: () => bumpSchemaVersion(url, schema),
        corruptRomByte: (romId, offset) => corruptPostgresRomByte(url, schema, romId, offset),
        insertOldRom: (rom) => insertPostgresOldRom(url, schema, rom),
        destroy: () => dropSchema(url, schema),
      }
    },
  }
}

export const STORES: StoreUnderTest[] = TEST_DATABASE_URL
  ? [sqlite, postgres(TEST_DATABASE_URL)]
  : [sqlite]
