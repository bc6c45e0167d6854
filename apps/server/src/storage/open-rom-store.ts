// Picks the backend from configuration: PostgreSQL when a URL is given, else SQLite in the data folder.
import path from 'node:path'
import { InProcessRoomRelay, newServerId } from '../netplay/room-relay'
import type { RoomRelay } from '../netplay/room-relay'
import { openPostgresRomStore } from './postgres/postgres-rom-store'
import { PostgresRoomRelay } from './postgres/postgres-room-relay'
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
 * How this server's online rooms reach browsers connected to other app servers: through the PostgreSQL
 * library's database (LISTEN/NOTIFY) when there is one, else (SQLite: one server) within this process.
 */
export async function openRoomRelay(
  config: StoreConfig,
  warn: (message: string) => void = console.warn,
): Promise<RoomRelay> {
  if (!config.databaseUrl) return new InProcessRoomRelay(newServerId())
  return new PostgresRoomRelay({
    connectionString: config.databaseUrl,
    serverId: newServerId(),
    warn,
  })
}
