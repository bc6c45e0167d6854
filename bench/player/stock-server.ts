// A tiny static server on loopback for the reference: a stock EmulatorJS 4.2.3 page (the npm package's
// loader.js with EJS_* globals and its own start button, the fceumm core from @emulatorjs/core-fceumm),
// one game area of 427×400 as ours, and one ROM. It listens on 127.0.0.2 on purpose: EmulatorJS fetches
// its CDN's version.json when the host is "localhost" or "127.0.0.1", and this page must ask no other host.
// Text files are gzip-compressed as our server does (and as a CDN would), the core is served as is.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const EMULATORJS_DATA = path.join(repoRoot, 'node_modules/@emulatorjs/emulatorjs/data')
const CORE_DIR = path.join(repoRoot, 'node_modules/@emulatorjs/core-fceumm')
export const STOCK_HOST = '127.0.0.2'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.data': 'application/octet-stream',
  '.nes': 'application/octet-stream',
}
const COMPRESSED = new Set(['.html', '.js', '.css', '.json'])

function stockPage(romName: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Stock EmulatorJS 4.2.3</title></head>
  <body style="margin: 0">
    <div style="width: 427px; height: 400px"><div id="game"></div></div>
    <script>
      EJS_player = '#game'
      EJS_core = 'nes'
      EJS_gameName = '${romName.replace(/\.nes$/, '')}'
      EJS_gameUrl = '/${romName}'
      EJS_pathtodata = '/data/'
    </script>
    <script src="/data/loader.js"></script>
  </body>
</html>
`
}

/** Maps a URL path to a file of the npm packages (undefined: 404). */
function fileFor(urlPath: string): string | undefined {
  if (!urlPath.startsWith('/data/')) return undefined
  const rest = path.posix.normalize(urlPath.slice('/data/'.length))
  if (rest.startsWith('..')) return undefined
  if (rest.startsWith('cores/')) return path.join(CORE_DIR, rest.slice('cores/'.length))
  return path.join(EMULATORJS_DATA, rest)
}

export interface StockServer {
  baseUrl: string
  stop(): Promise<void>
}

export async function startStockServer(romName: string, rom: Uint8Array): Promise<StockServer> {
  const cache = new Map<string, Buffer | null>()
  async function body(urlPath: string): Promise<Buffer | null> {
    if (urlPath === '/' || urlPath === '/index.html') return Buffer.from(stockPage(romName))
    if (urlPath === `/${romName}`) return Buffer.from(rom)
    const file = fileFor(urlPath)
    if (!file) return null
    return readFile(file).catch(() => null)
  }
  const server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://stock').pathname
    const ext = urlPath === '/' ? '.html' : path.extname(urlPath)
    const gzip = COMPRESSED.has(ext) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    const key = `${gzip ? 'gz:' : ''}${urlPath}`
    const cached = cache.has(key) ? Promise.resolve(cache.get(key) ?? null) : body(urlPath)
    void cached.then((data) => {
      const sent = data && gzip && !cache.has(key) ? gzipSync(data) : data
      cache.set(key, sent)
      if (!sent) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
        return
      }
      response.writeHead(200, {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'content-length': sent.length,
        'cache-control': 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      response.end(request.method === 'HEAD' ? undefined : sent)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, STOCK_HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://${STOCK_HOST}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
