// Builds the Fastify app from its dependencies. No listen, no globals: tests call createApp and inject.
import Fastify from 'fastify'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyWebsocket from '@fastify/websocket'
import {
  DEFAULT_MAX_ROM_BYTES,
  FIRST_ROM_PAGE_SIZE,
  NETPLAY_BULK_HEADER_BYTES,
  NETPLAY_DEFAULT_MAX_ROOMS,
  NETPLAY_DEFAULT_MAX_SPECTATORS,
  ROM_DELETE_UNDO_MS,
  romListQuerySchema,
  SAVE_STATES_PER_ROM,
} from '@nes-studio/shared'
import type { PageRenderModule, RomPageResponse } from '@nes-studio/shared'
import { installErrorHandler } from './errors'
import { healthRoutes } from './health/health.routes'
import { handleClientError, handleFrameworkError } from './http/framework-errors'
import { installLibraryToken } from './http/library-token'
import type { UnlockAttemptsOptions } from './http/unlock-attempts'
import { installRequestEncodingCheck } from './http/request-encoding'
import { installRequestFramingChecks } from './http/request-framing'
import { UPLOAD_STALL_MS_DEFAULT } from './http/upload-stall'
import { installSecurity } from './http/security'
import { registerStaticFiles } from './http/static-files'
import type { StaticDirs } from './http/static-files'
import { createPagePrerender } from './http/page-render'
import { Gateway } from './netplay/gateway'
import type { GatewayOptions } from './netplay/gateway'
import { netplayRoutes } from './netplay/room.routes'
import { InProcessRoomRelay, newServerId } from './netplay/room-relay'
import type { RoomRelay } from './netplay/room-relay'
import { RoomService } from './netplay/room.service'
import type { RoomServiceOptions } from './netplay/room.service'
import { startDeletedPurger } from './roms/deleted-purger'
import type { CartridgeDb } from './roms/identity/cartridge-db'
import { startIdentityPass } from './roms/identity/identity-pass'
import { coverRoutes } from './roms/cover.routes'
import { CoverService } from './roms/cover.service'
import { datRoutes } from './roms/dat.routes'
import { DatService } from './roms/dat.service'
import { romRoutes } from './roms/rom.routes'
import { RomService } from './roms/rom.service'
import { saveRoutes } from './saves/save.routes'
import { SaveService } from './saves/save.service'
import type { RomServiceOptions } from './roms/rom.service'
import type { RomStore } from './storage/rom-store'

/** Brotli quality for responses compressed on the fly (0-11). */
export const BROTLI_QUALITY = 5

export interface Timeouts {
  /** Longest time for the request line and headers to arrive, in milliseconds. */
  headersMs: number
  /** Longest time for the whole request, body included (an 8 MiB upload needs 140 KB/s at 60 s). */
  requestMs: number
  /** How often the server looks for requests past those limits. */
  checkIntervalMs: number
  /** An upload whose body brings less than 16 KiB in this long is dropped with 408 (UPLOAD_STALL_MS). */
  uploadStallMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  checkIntervalMs: 1000,
  uploadStallMs: UPLOAD_STALL_MS_DEFAULT,
}

export interface AppDeps {
  store: RomStore
  staticDirs: StaticDirs
  /** Upload cap in bytes; default 8 MiB. */
  maxRomBytes?: number
  /** Bytes of uploads read into memory at once; default 8 uploads at the cap. */
  uploadMemoryBytes?: number
  /** Origins besides the request's own Host that may send writes. */
  trustedOrigins?: readonly string[]
  /** Host names served besides IP literals and localhost (ALLOWED_HOSTS). */
  allowedHosts?: readonly string[]
  /** When set, writes under /api need this token (LIBRARY_TOKEN); reads stay open. */
  libraryToken?: string
  /** How wrong library tokens are slowed down (a clock, for tests). */
  unlockAttempts?: UnlockAttemptsOptions
  /**
   * Proxies (addresses, CIDR ranges, or `loopback`/`linklocal`/`uniquelocal`) whose X-Forwarded-For
   * and X-Forwarded-Proto are believed (TRUSTED_PROXIES); none by default.
   */
  trustedProxies?: readonly string[]
  logger?: FastifyServerOptions['logger']
  timeouts?: Partial<Timeouts>
  /** How long a delete can be undone before the ROM is purged, in milliseconds; default 10 s. */
  undoDeleteMs?: number
  /** Clock and id source, for tests. */
  serviceOptions?: RomServiceOptions
  /** Save states kept per ROM; default SAVE_STATES_PER_ROM (100). */
  statesPerRom?: number
  /** Entries per read when the whole list is built from scratch; default 500. */
  wholeListSliceSize?: number
  /** The client build's page renderer (dist-ssr/entry-server.mjs): / and /play/:romId are pre-rendered. */
  pageRenderer?: PageRenderModule
  /** ROMs are identified against it (main.ts loads NstDatabase.xml); default: one that knows none. */
  cartridgeDb?: CartridgeDb
  /** Online play: the relay between app servers (default: this process alone) and the room limits. */
  netplay?: NetplayDeps
}

export interface NetplayDeps
  extends
    Partial<Omit<RoomServiceOptions, 'maxRomBytes' | 'libraryFileName'>>,
    Omit<GatewayOptions, 'maxRomBytes'> {
  /** How rooms reach browsers on other app servers; the app closes it when it closes. */
  relay?: RoomRelay
}

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts }
  const app = Fastify({
    logger: deps.logger ?? false,
    // Hung or slow (1 byte/s) clients must not hold a socket: Node answers 408 and closes once the
    // headers or the whole request take longer, checked every `checkIntervalMs`.
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // Behind a proxy the client's address (unlock attempts) and scheme (the cookie's Secure) come
    // from X-Forwarded-For and X-Forwarded-Proto, believed only from the proxies listed.
    trustProxy: deps.trustedProxies?.length ? [...deps.trustedProxies] : false,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  })
  const maxRomBytes = deps.maxRomBytes ?? DEFAULT_MAX_ROM_BYTES
  // First: its onRequest hook marks upgrade requests, so one refused by a later hook (the Host
  // allowlist) has its socket closed after the answer instead of left open.
  const endRooms: (() => void)[] = []
  await app.register(fastifyWebsocket, {
    // A cartridge is the largest message; ws closes a socket sending more (1009) before reading it all.
    options: { maxPayload: maxRomBytes + NETPLAY_BULK_HEADER_BYTES + 1024 },
    // Rooms end with a reason their sockets are told before every socket closes.
    preClose(this: FastifyInstance, done) {
      for (const end of endRooms) end()
      for (const client of this.websocketServer.clients)
        client.close(1001, 'The server is shutting down.')
      this.websocketServer.close(() => done())
    },
  })
  installErrorHandler(app)
  installRequestFramingChecks(app)
  installSecurity(app, {
    trustedOrigins: deps.trustedOrigins ?? [],
    allowedHosts: deps.allowedHosts ?? [],
  })
  await installLibraryToken(app, {
    token: deps.libraryToken,
    sessions: deps.store,
    attempts: deps.unlockAttempts,
  })
  installRequestEncodingCheck(app)
  // Must precede @fastify/static so static replies get the global hook.
  // Brotli at quality 5, not Node's default 11: on this machine the 0.5 MB client script took 918 ms at 11
  // and 15 ms at 5 (151 KB, still smaller than gzip's 159 KB), on every request.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  })
  endRooms.push(await registerNetplay(app, deps, maxRomBytes))
  const undoMs = deps.undoDeleteMs ?? ROM_DELETE_UNDO_MS
  const romService = new RomService(deps.store, {
    ...deps.serviceOptions,
    undoDeleteMs: undoMs,
    cartridgeDb: deps.cartridgeDb,
  })
  await app.register(romRoutes, {
    service: romService,
    maxRomBytes,
    uploadMemoryBytes: deps.uploadMemoryBytes ?? 8 * maxRomBytes,
    uploadStallMs: timeouts.uploadStallMs,
    wholeList: { sliceSize: deps.wholeListSliceSize },
  })
  await app.register(coverRoutes, {
    service: new CoverService(deps.store, { now: deps.serviceOptions?.now }),
  })
  await app.register(healthRoutes, { romService, storage: deps.store.kind })
  await app.register(datRoutes, {
    service: new DatService(deps.store, { now: deps.serviceOptions?.now }),
  })
  const statesPerRom = deps.statesPerRom ?? SAVE_STATES_PER_ROM
  await app.register(saveRoutes, {
    service: new SaveService(deps.store, { ...deps.serviceOptions, statesPerRom }),
    statesPerRom,
    uploadStallMs: timeouts.uploadStallMs,
  })
  // Purged at most 2 s after the window closes; the store stays open until the round in progress ends.
  const purger = await startDeletedPurger(deps.store, app.log, {
    undoMs,
    everyMs: Math.max(50, Math.min(2000, undoMs)),
  })
  app.addHook('onClose', () => purger.stop())
  // ROMs stored before identification existed (or with another cartridge database), in the background.
  const identityPass = startIdentityPass(romService, app.log)
  app.addHook('onClose', () => identityPass.stop())
  // The page carries the same first page GET /api/roms answers for offset 0 (the list adopts it).
  const firstPageQuery = romListQuerySchema.parse({ offset: 0, limit: FIRST_ROM_PAGE_SIZE })
  const firstRomPage = async (): Promise<RomPageResponse> => ({
    ...(await romService.listPage(firstPageQuery)),
    offset: firstPageQuery.offset,
    limit: firstPageQuery.limit,
  })
  const pages = deps.pageRenderer
    ? createPagePrerender(deps.pageRenderer, firstRomPage, app.log)
    : undefined
  await registerStaticFiles(app, deps.staticDirs, pages)
  return app
}

/** Rooms (homes), sockets (gateway) and the relay between them, and their routes. */
async function registerNetplay(
  app: FastifyInstance,
  deps: AppDeps,
  maxRomBytes: number,
): Promise<() => void> {
  const netplay = deps.netplay ?? {}
  const relay = netplay.relay ?? new InProcessRoomRelay(newServerId())
  const service = new RoomService(relay, {
    ...netplay,
    maxRooms: netplay.maxRooms ?? NETPLAY_DEFAULT_MAX_ROOMS,
    maxSpectators: netplay.maxSpectators ?? NETPLAY_DEFAULT_MAX_SPECTATORS,
    maxRomBytes,
    libraryFileName: async (romId) => (await deps.store.get(romId))?.fileName,
  })
  const gateway = new Gateway(relay, { ...netplay, maxRomBytes })
  await relay.start({
    toHome: (envelope) => service.toHome(envelope),
    toGateway: (envelope) => gateway.deliver(envelope),
  })
  app.addHook('onClose', () => relay.close())
  await app.register(netplayRoutes, {
    service,
    gateway,
    trustedOrigins: deps.trustedOrigins ?? [],
  })
  return () => {
    service.close()
    gateway.close()
  }
}
