// Reads the server's settings from the environment once, at start-up, and validates them.
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import {
  DEFAULT_MAX_ROM_BYTES,
  NETPLAY_DEFAULT_MAX_ROOMS,
  NETPLAY_DEFAULT_MAX_SPECTATORS,
} from '@nes-studio/shared'

export interface Config {
  port: number
  host: string
  /** Folder for the SQLite library (`library.db`); created when missing. */
  dataDir: string
  /** When set, the library lives in this PostgreSQL database instead of SQLite. */
  databaseUrl: string | undefined
  /** Upload cap in bytes. */
  maxRomBytes: number
  /** Bytes of uploads read into memory at once (past it: 503 + Retry-After). */
  uploadMemoryBytes: number
  /** Built client (Vite `dist/`); the server still starts without it. */
  clientDir: string
  /** The client build's page renderer (`dist-ssr/entry-server.mjs` beside `dist/`); optional. */
  pageRendererFile: string
  /** Extra origins (scheme://host[:port]) allowed to write, e.g. behind a proxy that rewrites Host. */
  trustedOrigins: string[]
  /** Host names served besides IP literals and localhost (DNS rebinding guard); `*` serves any. */
  allowedHosts: string[]
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses, CIDR ranges, or
   * `loopback` / `linklocal` / `uniquelocal`. Empty: the socket's own address and scheme count.
   */
  trustedProxies: string[]
  /** Connections per server process in the PostgreSQL pool. */
  pgPoolMax: number
  /** Longest wait for a PostgreSQL connection or query (ms); past it requests get 503. */
  pgTimeoutMs: number
  /** When set, uploads, deletes, saves and states need this token; reads stay open. */
  libraryToken: string | undefined
  /** Longest time for a request's headers, and for the whole request, to arrive (ms). */
  headersTimeoutMs: number
  requestTimeoutMs: number
  /** An upload whose body brings less than 16 KiB in this long is dropped with 408 (ms). */
  uploadStallMs: number
  /** Online rooms this server holds at once. */
  netplayMaxRooms: number
  /** Spectators per room. */
  netplayMaxSpectators: number
  /** Test-only: delay (± jitter) added to every message a room sends a socket, ms; 0 in production. */
  netplayTestDelayMs: number
  netplayTestJitterMs: number
  /** Test-only: a file the rooms' message trace is written to (bench/netplay/press-picture.ts --trace). */
  netplayTestTrace: string | undefined
  /** The cartridge database (NstDatabase.xml format) ROMs are identified against. */
  cartridgeDbFile: string
}

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine(isPostgresUrl, {
      message:
        'must be a PostgreSQL URL such as postgres://user:password@host:5432/database ' +
        '(unset it to keep the library in SQLite under DATA_DIR)',
    })
    .optional(),
  MAX_ROM_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_MAX_ROM_BYTES),
  UPLOAD_MEMORY_BYTES: z.coerce.number().int().min(1024).optional(),
  CLIENT_DIR: z.string().min(1).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  ALLOWED_HOSTS: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .refine((value) => commaList(value).every(isProxyEntry), {
      message:
        'must list proxy addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), ' +
        'or loopback, linklocal, uniquelocal',
    })
    .optional(),
  LIBRARY_TOKEN: z
    .string()
    .min(
      12,
      'must be at least 12 characters (a long random string, e.g. from `openssl rand -hex 16`)',
    )
    .optional(),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  PG_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  UPLOAD_STALL_MS: z.coerce.number().int().min(100).default(10_000),
  NETPLAY_MAX_ROOMS: z.coerce.number().int().min(1).max(100_000).default(NETPLAY_DEFAULT_MAX_ROOMS),
  NETPLAY_MAX_SPECTATORS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(NETPLAY_DEFAULT_MAX_SPECTATORS),
  NETPLAY_TEST_DELAY_MS: z.coerce.number().min(0).max(10_000).default(0),
  NETPLAY_TEST_JITTER_MS: z.coerce.number().min(0).max(10_000).default(0),
  NETPLAY_TEST_TRACE: z.string().min(1).optional(),
  CARTRIDGE_DB: z.string().min(1).optional(),
})

/** A setting is missing or malformed; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** Both `src/config.ts` (tsx) and the bundled `dist/main.js` sit two folders below `apps/`. */
const defaultClientDir = fileURLToPath(new URL('../../client/dist', import.meta.url))

/** The vendored Nestopia database (apps/server/cartridge-db/, one folder up from src/ and dist/). */
const defaultCartridgeDb = fileURLToPath(
  new URL('../cartridge-db/NstDatabase.xml', import.meta.url),
)

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${details}`)
  }
  const e = parsed.data
  const clientDir = path.resolve(e.CLIENT_DIR ?? defaultClientDir)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    maxRomBytes: e.MAX_ROM_BYTES,
    uploadMemoryBytes: e.UPLOAD_MEMORY_BYTES ?? 8 * e.MAX_ROM_BYTES,
    clientDir,
    pageRendererFile: path.join(path.dirname(clientDir), 'dist-ssr', 'entry-server.mjs'),
    trustedOrigins: commaList(e.TRUSTED_ORIGINS),
    allowedHosts: commaList(e.ALLOWED_HOSTS),
    trustedProxies: commaList(e.TRUSTED_PROXIES),
    libraryToken: e.LIBRARY_TOKEN,
    pgPoolMax: e.PG_POOL_MAX,
    pgTimeoutMs: e.PG_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    uploadStallMs: e.UPLOAD_STALL_MS,
    netplayMaxRooms: e.NETPLAY_MAX_ROOMS,
    netplayMaxSpectators: e.NETPLAY_MAX_SPECTATORS,
    netplayTestDelayMs: e.NETPLAY_TEST_DELAY_MS,
    netplayTestJitterMs: e.NETPLAY_TEST_JITTER_MS,
    netplayTestTrace: e.NETPLAY_TEST_TRACE,
    cartridgeDbFile: path.resolve(e.CARTRIDGE_DB ?? defaultCartridgeDb),
  }
}
