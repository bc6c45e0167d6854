// Vite plugin: at build time, unpacks the fceumm core's 7z archive (with EmulatorJS's own extract7z.js,
// run in a Node VM) and emits it as a gzip-compressed core bundle asset. The emulator frame fetches that
// and inflates it natively, which removes seconds of asm.js 7-Zip work from every cold start.
// Exposed to the app as the virtual module "virtual:fceumm-core" ({ coreBundleUrls }); in dev it is empty
// and the frame falls back to the stock 7z file.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import { gzipSync } from 'node:zlib'
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

async function buildBundle(coreFile: string, cacheDir: string): Promise<Buffer> {
  const archivePath = require.resolve(`@emulatorjs/core-fceumm/${coreFile}`)
  const { size, mtimeMs } = statSync(archivePath)
  const cached = path.join(cacheDir, `${coreFile}-${size}-${Math.round(mtimeMs)}.bundle.gz`)
  if (existsSync(cached)) return readFileSync(cached)
  const extractor = readFileSync(
    require.resolve('@emulatorjs/emulatorjs/data/compression/extract7z.js'),
    'utf8',
  )
  const files = await extract7z(extractor, readFileSync(archivePath))
  const gz = gzipSync(encodeCoreBundle(files), { level: 9 })
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(cached, gz)
  return gz
}

export function fceummCorePlugin(): Plugin {
  let isBuild = false
  let cacheDir = ''
  return {
    name: 'nes-studio:fceumm-core',
    configResolved(config) {
      isBuild = config.command === 'build'
      cacheDir = path.join(config.cacheDir, 'fceumm-core')
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      if (!isBuild) return 'export const coreBundleUrls = {}'
      const entries: string[] = []
      for (const coreFile of CORE_FILES) {
        const ref = this.emitFile({
          type: 'asset',
          name: coreFile.replace(/\.data$/, '.core.gz'),
          source: await buildBundle(coreFile, cacheDir),
        })
        entries.push(`${JSON.stringify(coreFile)}: import.meta.ROLLUP_FILE_URL_${ref}`)
      }
      return `export const coreBundleUrls = { ${entries.join(', ')} }`
    },
  }
}
