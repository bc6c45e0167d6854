// Picks the backend from configuration: PostgreSQL when a URL is given, else SQLite in the data folder.
import path from 'node:path'
import { InProcessRoomRelay, newServerId } from '../netplay/room-relay'
import type { RoomRelay } from '../netplay/room-relay'
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

/**
 * How this server's online rooms reach browsers connected to other app servers: with one server (SQLite)
 * every message stays in this process.
 */
export async function openRoomRelay(_config: StoreConfig): Promise<RoomRelay> {
  return new InProcessRoomRelay(newServerId())
}
