// Vite plugin: writes brotli (quality 11) and gzip (level 9) copies next to the build's hashed assets, and
// next to the EmulatorJS files the emulator frame loads (under dist/vendor/emulatorjs/<version>/, siblings
// only: the server keeps serving the originals from the npm package). The server sends these with
// @fastify/static's `preCompressed`, so no CPU is spent compressing a static file per request (on-the-fly
// brotli of the 0.5 MB main script took a median 249 ms on a busy machine, pre-compressed it is a file
// read). Only content-hashed or versioned paths get siblings: a file that can change under the same name
// (index.html, sw.js) could otherwise be served from a stale sibling; those stay compressed on the fly.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
// Relative: Vite bundles its config with Node's loader, which cannot import the package's .ts entry.
import { EMULATORJS_BASE_PATH } from '../../../packages/shared/src/emulator-assets'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats worth compressing; images, fonts and the gzip core bundle already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/
/** Below this, the headers cost more than compression saves (@fastify/compress's threshold too). */
const MIN_BYTES = 1024

export interface Precompressed {
  file: string
  bytes: number
  br: number
  gzip: number
}

/** Brotli (11, text mode for text) and gzip (9) bodies of one file's bytes. */
export async function compressBody(
  file: string,
  body: Buffer,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const isText = !file.endsWith('.wasm')
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: isText
          ? zlibConstants.BROTLI_MODE_TEXT
          : zlibConstants.BROTLI_MODE_GENERIC,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ])
  return { br, gzip: gz }
}

/**
 * Writes `<file>.br` and `<file>.gz` into `outDir` (same relative path) for every compressible file of
 * `srcDir` at least MIN_BYTES long whose relative path `include` accepts. A copy that would not be smaller
 * than the file is not written (the server then sends the file itself).
 */
export async function precompressFiles(
  srcDir: string,
  outDir: string,
  include: (relPath: string) => boolean,
): Promise<Precompressed[]> {
  const entries = await readdir(srcDir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(srcDir, path.join(entry.parentPath, entry.name)))
    .map((rel) => rel.split(path.sep).join('/'))
    .filter((rel) => COMPRESSIBLE.test(rel) && include(rel))
  const done = await Promise.all(
    files.map(async (rel): Promise<Precompressed | undefined> => {
      const body = await readFile(path.join(srcDir, rel))
      if (body.length < MIN_BYTES) return undefined
      const compressed = await compressBody(rel, body)
      const target = path.join(outDir, rel)
      await mkdir(path.dirname(target), { recursive: true })
      if (compressed.br.length < body.length) await writeFile(`${target}.br`, compressed.br)
      if (compressed.gzip.length < body.length) await writeFile(`${target}.gz`, compressed.gzip)
      return {
        file: rel,
        bytes: body.length,
        br: compressed.br.length,
        gzip: compressed.gzip.length,
      }
    }),
  )
  return done.filter((entry) => entry !== undefined)
}

/** The EmulatorJS files the frame fetches (scripts, their CSS, the loader) under the package's data/. */
export const EMULATORJS_PRECOMPRESSED = /^(?:src\/[^/]+\.js|emulator\.css|loader\.js)$/

const require = createRequire(import.meta.url)

export function precompressPlugin(): Plugin {
  let outDir = ''
  return {
    name: 'nes-studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const assets = await precompressFiles(outDir, outDir, (rel) => rel.startsWith('assets/'))
        const emulatorjsData = path.dirname(
          require.resolve('@emulatorjs/emulatorjs/data/loader.js'),
        )
        const vendor = await precompressFiles(
          emulatorjsData,
          path.join(outDir, EMULATORJS_BASE_PATH),
          (rel) => EMULATORJS_PRECOMPRESSED.test(rel),
        )
        const sum = (list: Precompressed[], key: 'bytes' | 'br') =>
          list.reduce((n, entry) => n + entry[key], 0)
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`
        this.info(
          `pre-compressed ${assets.length} assets (${kb(sum(assets, 'bytes'))} → br ${kb(sum(assets, 'br'))}) and ` +
            `${vendor.length} EmulatorJS files (${kb(sum(vendor, 'bytes'))} → br ${kb(sum(vendor, 'br'))})`,
        )
      },
    },
  }
}
