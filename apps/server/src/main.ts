// Entry point: read config, open storage, listen, and shut down cleanly on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { loadConfig } from './config'
import { resolvePackageDir } from './http/package-dir'

async function main(): Promise<void> {
  const config = loadConfig()
  const app = await createApp({
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustedOrigins: config.trustedOrigins,
    staticDirs: {
      clientDir: config.clientDir,
      emulatorjsDir: resolvePackageDir('@emulatorjs/emulatorjs'),
      coreDir: resolvePackageDir('@emulatorjs/core-fceumm'),
      licensesDir: fileURLToPath(new URL('../licenses', import.meta.url)),
    },
  })

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
  console.error(err)
  process.exit(1)
})
