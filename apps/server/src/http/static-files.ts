// Serves the built client (with SPA fallback) and the pinned EmulatorJS files under EMULATORJS_BASE_PATH.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { EMULATORJS_BASE_PATH } from '@nes-studio/shared'
import { HttpError } from '../errors'
import type { PagePrerender } from './page-render'
import { routedPath } from './request-path'

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
export const NO_CACHE = 'no-cache'

export interface StaticDirs {
  /** Vite output; may be missing (the server then says so on GET /). */
  clientDir: string
  /** Root of the @emulatorjs/emulatorjs package (its `data/` is served). */
  emulatorjsDir: string
  /** Root of the @emulatorjs/core-fceumm package. */
  coreDir: string
  /** apps/server/licenses: GPL-2.0 text and the README describing the vendor files. */
  licensesDir: string
}

const CORE_FILE = /^\/(fceumm-(?:thread-)?(?:legacy-)?wasm\.data|reports\/fceumm\.json)$/

export async function registerStaticFiles(
  app: FastifyInstance,
  dirs: StaticDirs,
  pages?: PagePrerender,
): Promise<void> {
  const immutable = (reply: FastifyReply) => {
    reply.header('cache-control', IMMUTABLE_CACHE)
  }
  // The client build writes brotli/gzip siblings of the EmulatorJS files the frame loads under
  // dist/vendor/emulatorjs/<version>/ (apps/client/build-tools/precompress.ts): those are sent as they
  // are; anything else falls through to the package (compressed on the fly if it is text).
  const precompressedVendorDir = path.join(dirs.clientDir, EMULATORJS_BASE_PATH)
  const vendorRoot = path.join(dirs.emulatorjsDir, 'data')
  await app.register(fastifyStatic, {
    root: existsSync(precompressedVendorDir) ? [precompressedVendorDir, vendorRoot] : vendorRoot,
    prefix: EMULATORJS_BASE_PATH,
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: immutable,
  })
  await app.register(fastifyStatic, {
    root: dirs.coreDir,
    prefix: `${EMULATORJS_BASE_PATH}cores/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => CORE_FILE.test(pathName),
    setHeaders: (reply, filePath) => {
      immutable(reply)
      // The .data cores are 7z archives: saying so keeps @fastify/compress (which treats
      // application/octet-stream as compressible) from spending CPU on incompressible bytes.
      if (filePath.endsWith('.data')) reply.header('content-type', 'application/x-7z-compressed')
    },
  })
  await registerLicenceTexts(app, dirs)

  if (existsSync(dirs.clientDir)) {
    await app.register(async (scope) => {
      // A page path never names a file of the build, so it gets the page without a file-system
      // lookup. That lookup also fails past the file system's limits (255 bytes a segment, 4096 a
      // path): @fastify/static then refuses the path as forbidden, which would answer an over-long
      // /play/:romId or unknown page with a JSON 404 instead of the app.
      scope.addHook('onRequest', async (request, reply) => {
        if (!looksLikeFile(routedPath(request.url))) {
          return spaFallback(request, reply, dirs.clientDir, pages)
        }
      })
      await registerClientBuild(scope, dirs.clientDir)
    })
  } else {
    app.log.warn(`Client build not found at ${dirs.clientDir}; run "npm run build" to create it.`)
  }

  app.setNotFoundHandler((request, reply) => spaFallback(request, reply, dirs.clientDir, pages))
}

/** The client build's files (index.html, hashed assets, icons); pages are answered before this runs. */
async function registerClientBuild(scope: FastifyInstance, clientDir: string): Promise<void> {
  await scope.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Hashed assets have .br/.gz siblings from the build: sent with Content-Encoding and
    // Vary: Accept-Encoding, no compression per request. Other files are compressed on the fly.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(clientDir, filePath).split(path.sep).join('/')
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE_CACHE : NO_CACHE)
    },
    // Directories (including "/") fall through to the SPA fallback instead of a 403.
    allowedPath: (pathName) => !pathName.endsWith('/'),
  })
}

async function registerLicenceTexts(app: FastifyInstance, dirs: StaticDirs): Promise<void> {
  const texts: Record<string, string> = {
    [`${EMULATORJS_BASE_PATH}README.txt`]: path.join(dirs.licensesDir, 'README.txt'),
    [`${EMULATORJS_BASE_PATH}LICENSE-EmulatorJS.txt`]: path.join(dirs.emulatorjsDir, 'LICENSE'),
    [`${EMULATORJS_BASE_PATH}cores/LICENSE-fceumm.txt`]: path.join(dirs.licensesDir, 'GPL-2.0.txt'),
  }
  for (const [url, file] of Object.entries(texts)) {
    const body = await readFile(file, 'utf8')
    app.get(url, (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', IMMUTABLE_CACHE).send(body),
    )
  }
}

/** The pages the server pre-renders (the player and the library; the studio is rendered in the browser). */
const PRERENDERED_ROUTES: readonly RegExp[] = [/^\/$/, /^\/play\/[^/]+\/?$/]
/**
 * The client router's pages (apps/client/src/app/router.tsx). Any other page path still gets
 * index.html, so the app shows its not-found screen, but with status 404.
 */
const CLIENT_ROUTES: readonly RegExp[] = [
  ...PRERENDERED_ROUTES,
  /^\/editor\/?$/,
  // An online room's invite link (the page joins the room in the browser).
  /^\/room\/[^/]+\/?$/,
]

export function isClientRoute(urlPath: string): boolean {
  return CLIENT_ROUTES.some((route) => route.test(urlPath))
}

/** A path whose last segment has an extension asks for a file; anything else is a page. */
function looksLikeFile(urlPath: string): boolean {
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1)
  return last.includes('.')
}

async function spaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  pages: PagePrerender | undefined,
) {
  const urlPath = routedPath(request.url)
  const isApi = urlPath === '/api' || urlPath.startsWith('/api/')
  const isAssetTree = urlPath.startsWith('/assets/') || urlPath.startsWith('/vendor/')
  const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
  if (isApi || !isPageRequest || isAssetTree || looksLikeFile(urlPath)) {
    throw new HttpError(404, 'NotFound', `Nothing at ${request.method} ${urlPath}.`)
  }
  let html: string
  try {
    html = await readFile(path.join(clientDir, 'index.html'), 'utf8')
  } catch {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .send(
        `nes-studio server is running, but the client build is missing (${clientDir}/index.html).\n` +
          'Run "npm run build" (or "npm run dev" for development).\n',
      )
  }
  const prerendered = PRERENDERED_ROUTES.find((route) => route.test(urlPath))
  if (pages && prerendered)
    html = (await pages.render(html, request.url, prerendered.source)) ?? html
  return reply
    .status(isClientRoute(urlPath) ? 200 : 404)
    .type('text/html; charset=utf-8')
    .header('cache-control', NO_CACHE)
    .send(html)
}
