// Where the frame gets the fceumm core from: the build's pre-extracted bundle when there is one (taken
// from the host page's own download of it, else fetched as soon as the frame boots; the browser decodes
// its brotli while it downloads), otherwise EmulatorJS's stock 7z file. As soon as a bundle is here its
// wasm starts compiling (WebAssembly.compile, off the main thread), while EmulatorJS's scripts still
// load; EmulatorJS would only start that compile once its scripts have run, the core's report has been
// fetched and the core's own script has loaded.
import { coreBundleUrls } from 'virtual:fceumm-core'
import type { CoreFiles } from './core-bundle'
import { decodeCoreBundle, isCoreBundle } from './core-bundle'
import { takeCoreBundle } from '../core-hand-off'

const pending = new Map<string, Promise<Uint8Array>>()
/**
 * Each bundle's files, decoded once, and its wasm's early compile, keyed by the bundle's ArrayBuffer:
 * EmulatorJS wraps what it downloads in a new Uint8Array over the same buffer, and the files it later
 * hands to initModule are views into that buffer, so buffer + offset names the very wasm bytes.
 */
const decoded = new WeakMap<ArrayBufferLike, CoreFiles>()
const compiled = new WeakMap<ArrayBufferLike, Map<number, Promise<WebAssembly.Module>>>()

function decodeOnce(bundle: Uint8Array): CoreFiles {
  const isWhole = bundle.byteOffset === 0 && bundle.byteLength === bundle.buffer.byteLength
  let files = isWhole ? decoded.get(bundle.buffer) : undefined
  if (!files) {
    files = decodeCoreBundle(bundle)
    if (isWhole) decoded.set(bundle.buffer, files)
  }
  return files
}

/** Starts compiling the bundle's wasm file(s) now. */
function compileEarly(bundle: Uint8Array): void {
  if (typeof WebAssembly === 'undefined' || !isCoreBundle(bundle)) return
  const modules = compiled.get(bundle.buffer) ?? new Map<number, Promise<WebAssembly.Module>>()
  compiled.set(bundle.buffer, modules)
  for (const [name, data] of Object.entries(decodeOnce(bundle))) {
    if (!name.endsWith('.wasm') || modules.has(data.byteOffset)) continue
    const module = WebAssembly.compile(data as Uint8Array<ArrayBuffer>)
    // A failed early compile leaves the wasm to EmulatorJS's own path.
    module.catch(() => modules.delete(data.byteOffset))
    modules.set(data.byteOffset, module)
  }
}

/** The module compiled early from exactly these wasm bytes of a bundle, if there is one. */
export function compiledWasm(wasm: unknown): Promise<WebAssembly.Module> | undefined {
  if (!(wasm instanceof Uint8Array)) return undefined
  return compiled.get(wasm.buffer)?.get(wasm.byteOffset)
}

async function fetchBundle(url: string): Promise<Uint8Array> {
  const handed = takeCoreBundle(url)
  if (handed) {
    try {
      return new Uint8Array(await handed)
    } catch {
      // The host's download failed: try once more from here.
    }
  }
  // Sent brotli- (or gzip-) encoded: the browser decodes it while it downloads, off the main thread.
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Core bundle: HTTP ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
}

/** The inflated bundle for an EmulatorJS core file name (e.g. "fceumm-legacy-wasm.data"), if built. */
export function coreBundle(coreFile: string): Promise<Uint8Array> | undefined {
  const url = coreBundleUrls[coreFile]
  if (!url) return undefined
  let bundle = pending.get(coreFile)
  if (!bundle) {
    bundle = fetchBundle(url)
    void bundle.then(compileEarly, () => undefined)
    // A failed prefetch is retried through EmulatorJS's own download.
    bundle.catch(() => pending.delete(coreFile))
    pending.set(coreFile, bundle)
  }
  return bundle
}

/** Starts downloading every built bundle now, in parallel with loading EmulatorJS's scripts. */
export function prefetchCoreBundles(): void {
  for (const coreFile of Object.keys(coreBundleUrls))
    void coreBundle(coreFile)?.catch(() => undefined)
}

/** The files of a bundle, or undefined when `data` is something else (a 7z core, a ROM). */
export function unpackIfBundle(data: unknown): CoreFiles | undefined {
  return data instanceof Uint8Array && isCoreBundle(data) ? decodeOnce(data) : undefined
}
