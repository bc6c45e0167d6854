// Picks the backend from configuration: PostgreSQL when a URL is given, else SQLite in the data folder.
import path from 'node:path'
import { openPostgresRomStore } from './postgres/postgres-rom-store'
import type { RomStore } from './rom-store'
import { openSqliteRomStore } from './sqlite/sqlite-rom-store'

export interface StoreConfig {
  dataDir: string
  databaseUrl: string | undefined
  pgPoolMax: number
  /** Longest wait for a PostgreSQL connection or query, in milliseconds. */
  pgTimeoutMs: number
}

export async function openRomStore(config: StoreConfig): Promise<RomStore> {
  if (config.databaseUrl) {
    return openPostgresRomStore({
      connectionString: config.databaseUrl,
      poolMax: config.pgPoolMax,
      timeoutMs: config.pgTimeoutMs,
    })
  }
  return openSqliteRomStore({ file: path.join(config.dataDir, 'library.db') })
}
