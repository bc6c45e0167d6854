// Builds the Fastify app from its dependencies. No listen, no globals: tests call createApp and inject.
import Fastify from 'fastify'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { constants as zlibConstants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import {
  DEFAULT_MAX_ROM_BYTES,
  FIRST_ROM_PAGE_SIZE,
  ROM_DELETE_UNDO_MS,
  romListQuerySchema,
  SAVE_STATES_PER_ROM,
} from '@nes-studio/shared'
import type { PageRenderModule, RomPageResponse } from '@nes-studio/shared'
import { installErrorHandler } from './errors'
import { handleClientError, handleFrameworkError } from './http/framework-errors'
import { installLibraryToken } from './http/library-token'
import { installRequestEncodingCheck } from './http/request-encoding'
import { installRequestFramingChecks } from './http/request-framing'
import { installSecurity } from './http/security'
import { registerStaticFiles } from './http/static-files'
import type { StaticDirs } from './http/static-files'
import { createPagePrerender } from './http/page-render'
import { startDeletedPurger } from './roms/deleted-purger'
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
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  checkIntervalMs: 1000,
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
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  })
  installErrorHandler(app)
  installRequestFramingChecks(app)
  installSecurity(app, {
    trustedOrigins: deps.trustedOrigins ?? [],
    allowedHosts: deps.allowedHosts ?? [],
  })
  installLibraryToken(app, deps.libraryToken)
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
  const maxRomBytes = deps.maxRomBytes ?? DEFAULT_MAX_ROM_BYTES
  const undoMs = deps.undoDeleteMs ?? ROM_DELETE_UNDO_MS
  const romService = new RomService(deps.store, { ...deps.serviceOptions, undoDeleteMs: undoMs })
  await app.register(romRoutes, {
    service: romService,
    maxRomBytes,
    uploadMemoryBytes: deps.uploadMemoryBytes ?? 8 * maxRomBytes,
    wholeList: { sliceSize: deps.wholeListSliceSize },
  })
  const statesPerRom = deps.statesPerRom ?? SAVE_STATES_PER_ROM
  await app.register(saveRoutes, {
    service: new SaveService(deps.store, { ...deps.serviceOptions, statesPerRom }),
    statesPerRom,
  })
  // Purged at most 2 s after the window closes; the store stays open until the round in progress ends.
  const purger = await startDeletedPurger(deps.store, app.log, {
    undoMs,
    everyMs: Math.max(50, Math.min(2000, undoMs)),
  })
  app.addHook('onClose', () => purger.stop())
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
