// Entry point: read config, open storage, listen, and shut down cleanly on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { resolvePackageDir } from './http/package-dir'
import { loadPageRenderModule } from './http/page-render'
import { NetplayTrace } from './netplay/test-trace'
import { loadCartridgeDb } from './roms/identity/cartridge-db'
import { openRomStore, openRoomRelay } from './storage/open-rom-store'
import { StorageStartupError } from './storage/storage-errors'

async function main(): Promise<void> {
  const config = loadConfig()
  const cartridgeDb = await loadCartridgeDb(config.cartridgeDbFile).catch((err: unknown) => {
    throw new ConfigError(
      `Cannot read the cartridge database ${config.cartridgeDbFile} (CARTRIDGE_DB): ` +
        `${err instanceof Error ? err.message : String(err)}`,
    )
  })
  const store = await openRomStore(config)
  const relay = await openRoomRelay(config)
  const pageRenderer = await loadPageRenderModule(config.pageRendererFile).catch((err: unknown) => {
    // The pages still work without it: the browser renders them.
    console.warn(`Pages are not pre-rendered: ${err instanceof Error ? err.message : String(err)}`)
    return undefined
  })
  const app = await createApp({
    pageRenderer,
    cartridgeDb,
    store,
    maxRomBytes: config.maxRomBytes,
    uploadMemoryBytes: config.uploadMemoryBytes,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustedOrigins: config.trustedOrigins,
    allowedHosts: config.allowedHosts,
    libraryToken: config.libraryToken,
    trustedProxies: config.trustedProxies,
    timeouts: {
      headersMs: config.headersTimeoutMs,
      requestMs: config.requestTimeoutMs,
      uploadStallMs: config.uploadStallMs,
    },
    netplay: {
      relay,
      maxRooms: config.netplayMaxRooms,
      maxSpectators: config.netplayMaxSpectators,
      testDelay: {
        delayMs: config.netplayTestDelayMs,
        jitterMs: config.netplayTestJitterMs,
        ...(config.netplayTestTrace ? { trace: new NetplayTrace(config.netplayTestTrace) } : {}),
      },
    },
    staticDirs: {
      clientDir: config.clientDir,
      emulatorjsDir: resolvePackageDir('@emulatorjs/emulatorjs'),
      coreDir: resolvePackageDir('@emulatorjs/core-fceumm'),
      licensesDir: fileURLToPath(new URL('../licenses', import.meta.url)),
    },
  })

  // In-flight requests finish first (app.close waits for them), then the database closes.
  app.addHook('onClose', async () => {
    await store.close()
  })
  app.log.info(
    config.databaseUrl
      ? 'ROM library: PostgreSQL (DATABASE_URL)'
      : `ROM library: SQLite at ${path.join(config.dataDir, 'library.db')}`,
  )

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, closing`)
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`client: ${path.relative(process.cwd(), config.clientDir) || '.'}`)
}

main().catch((err: unknown) => {
  // The operator's problems (settings, the data folder, the database) are told in one message;
  // only a fault in the code gets a stack trace.
  const isOperatorProblem = err instanceof ConfigError || err instanceof StorageStartupError
  console.error(isOperatorProblem ? `nes-studio cannot start: ${err.message}` : err)
  process.exit(1)
})
