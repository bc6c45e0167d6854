// Vite plugin: at build time, unpacks the fceumm core's 7z archive (with EmulatorJS's own extract7z.js,
// run in a Node VM) and emits it as a core bundle asset (.bin) with brotli (quality 11) and gzip siblings.
// The server sends a sibling with Content-Encoding, so the browser decodes it in its network stack, off
// the page's main thread, and the frame gets the bundle as it is. This removes seconds of asm.js 7-Zip work
// from every cold start, and brotli makes it 1.08 MB instead of gzip's 1.43 MB (issue 14). Compressing
// 4.8 MB at brotli 11 takes ~20 s, so the results are cached by the archive's size and date.
// Exposed to the app as the virtual module "virtual:fceumm-core" ({ coreBundleUrls }); in dev it is empty
// and the frame falls back to the stock 7z file.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import { brotliCompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { encodeCoreBundle } from '../src/emulator/frame/core-bundle'
import type { CoreFiles } from '../src/emulator/frame/core-bundle'

const VIRTUAL_ID = 'virtual:fceumm-core'
const RESOLVED_ID = `\0${VIRTUAL_ID}`
/** EmulatorJS 4.2.3 only ever asks fceumm for this variant (fceumm's report enables no WebGL2). */
const CORE_FILES = ['fceumm-legacy-wasm.data']

const require = createRequire(import.meta.url)

function extract7z(extractorSource: string, archive: Uint8Array): Promise<CoreFiles> {
  return new Promise((resolve, reject) => {
    const files: CoreFiles = {}
    const timer = setTimeout(() => reject(new Error('7z extraction timed out')), 120_000)
    const sandbox: Record<string, unknown> = {
      console,
      setTimeout,
      clearTimeout,
      postMessage(message: { t: number; file?: string; data?: Uint8Array }) {
        if (message.t === 2 && message.file && message.data) files[message.file] = message.data
        if (message.t === 1) {
          clearTimeout(timer)
          resolve(files)
        }
      },
    }
    sandbox.self = sandbox
    // Makes the Emscripten script see a worker (not a shell without console).
    sandbox.importScripts = () => undefined
    vm.createContext(sandbox)
    vm.runInContext(extractorSource, sandbox)
    const onmessage = sandbox.onmessage as ((event: { data: Uint8Array }) => void) | undefined
    if (!onmessage) throw new Error('extract7z.js did not install onmessage')
    onmessage({ data: archive })
  })
}

interface BuiltBundle {
  raw: Buffer
  br: Buffer
  gz: Buffer
}

/** Reads `file` from the cache, or makes it with `make` and caches it. */
function cached(file: string, make: () => Buffer): Buffer {
  if (existsSync(file)) return readFileSync(file)
  const data = make()
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, data)
  return data
}

async function buildBundle(coreFile: string, cacheDir: string): Promise<BuiltBundle> {
  const archivePath = require.resolve(`@emulatorjs/core-fceumm/${coreFile}`)
  const { size, mtimeMs } = statSync(archivePath)
  const base = path.join(cacheDir, `${coreFile}-${size}-${Math.round(mtimeMs)}.bundle`)
  const gzFile = `${base}.gz`
  let raw: Buffer
  if (existsSync(gzFile)) {
    raw = gunzipSync(readFileSync(gzFile))
  } else {
    const extractor = readFileSync(
      require.resolve('@emulatorjs/emulatorjs/data/compression/extract7z.js'),
      'utf8',
    )
    raw = Buffer.from(encodeCoreBundle(await extract7z(extractor, readFileSync(archivePath))))
  }
  const bundle = raw
  const gz = cached(gzFile, () => gzipSync(bundle, { level: 9 }))
  const br = cached(`${base}.br`, () =>
    brotliCompressSync(bundle, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_LGWIN]: zlibConstants.BROTLI_MAX_WINDOW_BITS,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bundle.length,
      },
    }),
  )
  return { raw: bundle, br, gz }
}

export function fceummCorePlugin(): Plugin {
  let isBuild = false
  let cacheDir = ''
  let outDir = ''
  /** Emitted bundles (file reference → their compressed copies), written next to them after the build. */
  const emitted = new Map<string, BuiltBundle>()
  return {
    name: 'nes-studio:fceumm-core',
    configResolved(config) {
      isBuild = config.command === 'build'
      cacheDir = path.join(config.cacheDir, 'fceumm-core')
      outDir = path.resolve(config.root, config.build.outDir)
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      if (!isBuild) return 'export const coreBundleUrls = {}'
      const entries: string[] = []
      for (const coreFile of CORE_FILES) {
        const bundle = await buildBundle(coreFile, cacheDir)
        const ref = this.emitFile({
          type: 'asset',
          name: coreFile.replace(/\.data$/, '.core.bin'),
          source: bundle.raw,
        })
        emitted.set(ref, bundle)
        entries.push(`${JSON.stringify(coreFile)}: import.meta.ROLLUP_FILE_URL_${ref}`)
      }
      return `export const coreBundleUrls = { ${entries.join(', ')} }`
    },
    async writeBundle() {
      for (const [ref, bundle] of emitted) {
        const file = path.join(outDir, this.getFileName(ref))
        await writeFile(`${file}.br`, bundle.br)
        await writeFile(`${file}.gz`, bundle.gz)
      }
    },
  }
}
