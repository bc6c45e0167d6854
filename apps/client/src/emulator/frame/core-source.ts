// Where the frame gets the fceumm core from: the build's pre-extracted bundle when there is one (fetched
// as soon as the frame boots, inflated natively), otherwise EmulatorJS's stock 7z file.
import { coreBundleUrls } from 'virtual:fceumm-core'
import type { CoreFiles } from './core-bundle'
import { decodeCoreBundle, isCoreBundle } from './core-bundle'

const pending = new Map<string, Promise<Uint8Array>>()

async function fetchBundle(url: string): Promise<Uint8Array> {
  const response = await fetch(url)
  if (!response.ok || !response.body) throw new Error(`Core bundle: HTTP ${response.status}`)
  const inflated = response.body.pipeThrough(new DecompressionStream('gzip'))
  return new Uint8Array(await new Response(inflated).arrayBuffer())
}

/** The inflated bundle for an EmulatorJS core file name (e.g. "fceumm-legacy-wasm.data"), if built. */
export function coreBundle(coreFile: string): Promise<Uint8Array> | undefined {
  const url = coreBundleUrls[coreFile]
  if (!url) return undefined
  let bundle = pending.get(coreFile)
  if (!bundle) {
    bundle = fetchBundle(url)
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
  return data instanceof Uint8Array && isCoreBundle(data) ? decodeCoreBundle(data) : undefined
}
