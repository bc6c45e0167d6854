// How the frame changes EmulatorJS's core loading: the core comes from the pre-extracted bundle (skipping
// EmulatorJS's asm.js 7-Zip), and the core's wasm is instantiated from the module compiled as soon as that
// bundle arrived (core-source.ts).
import type { EjsPrototype, EjsWindow } from './ejs-globals'
import { compiledWasm, coreBundle, unpackIfBundle } from './core-source'

/** Serves the core from the pre-extracted bundle and instantiates its wasm from the early module. */
export function patchCoreLoading(
  proto: EjsPrototype,
  ejsWindow: EjsWindow,
  onWasmFailure: (message: string) => void,
): void {
  const originalDownload = proto.downloadFile
  proto.downloadFile = function (this: unknown, ...args: Parameters<EjsPrototype['downloadFile']>) {
    const [path, , notWithPath, opts] = args
    const isCore = typeof path === 'string' && !notWithPath && path.startsWith('cores/')
    const bundle =
      isCore && opts?.method === 'GET' ? coreBundle(path.slice('cores/'.length)) : undefined
    if (!bundle) return originalDownload.apply(this, args)
    // The buffer itself: EmulatorJS wraps it in a Uint8Array view (no 5 MB copy), and the files it
    // later finds in it are views that compiledWasm recognises.
    return bundle.then(
      (data) => ({ data: data.buffer, headers: {} }),
      () => originalDownload.apply(this, args),
    )
  }
  patchWasmInstantiation(proto, ejsWindow, onWasmFailure)
  const originalCheck = proto.checkCompression
  proto.checkCompression = function (
    this: unknown,
    ...args: Parameters<EjsPrototype['checkCompression']>
  ) {
    const files = unpackIfBundle(args[0])
    return files ? Promise.resolve(files) : originalCheck.apply(this, args)
  }
}

/**
 * Lets Emscripten instantiate the core from the module compiled as soon as the bundle arrived
 * (core-source.ts) instead of compiling the wasm again from a blob URL once the core's script has run.
 */
function patchWasmInstantiation(
  proto: EjsPrototype,
  ejsWindow: EjsWindow,
  onWasmFailure: (message: string) => void,
): void {
  const originalInitModule = proto.initModule
  proto.initModule = function (this: unknown, wasmData: unknown, threadData: unknown) {
    const early = compiledWasm(wasmData)
    const runtime = ejsWindow.EJS_Runtime
    if (!early || !runtime || !(wasmData instanceof Uint8Array)) {
      return originalInitModule.call(this, wasmData, threadData)
    }
    ejsWindow.EJS_Runtime = (options) => {
      options.instantiateWasm = (imports, receive) => {
        early
          .then((module) =>
            WebAssembly.instantiate(module, imports).then((instance) => ({ instance, module })),
          )
          // Should the early module fail, compile the bytes here as EmulatorJS would have.
          .catch(() => WebAssembly.instantiate(wasmData as Uint8Array<ArrayBuffer>, imports))
          .then(({ instance, module }) => receive(instance, module))
          .catch((error: unknown) => onWasmFailure(String(error)))
        return {}
      }
      return runtime(options)
    }
    try {
      return originalInitModule.call(this, wasmData, threadData)
    } finally {
      ejsWindow.EJS_Runtime = runtime
    }
  }
}
