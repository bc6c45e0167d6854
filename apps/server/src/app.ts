// Builds the Fastify app from its dependencies. No listen, no globals: tests call createApp and inject.
import Fastify from 'fastify'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fastifyCompress from '@fastify/compress'
import { installErrorHandler } from './errors'
import { installSecurity } from './http/security'
import { registerStaticFiles } from './http/static-files'
import type { StaticDirs } from './http/static-files'

export interface AppDeps {
  staticDirs: StaticDirs
  /** Origins besides the request's own Host that may send writes. */
  trustedOrigins?: readonly string[]
  logger?: FastifyServerOptions['logger']
}

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Hung or slow clients must not hold a socket forever.
    requestTimeout: 120_000,
  })
  installErrorHandler(app)
  installSecurity(app, deps.trustedOrigins ?? [])
  // Must precede @fastify/static so static replies get the global hook.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  })
  await registerStaticFiles(app, deps.staticDirs)
  return app
}
