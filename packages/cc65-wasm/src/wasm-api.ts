// The few globals the runner needs from its host (browser, worker or Node), typed here because the package is
// compiled against ES2022 alone: no DOM types, so no `WebAssembly` or `TextDecoder` declarations to lean on.

/** A compiled WebAssembly module (a `WebAssembly.Module`), instantiated once per tool run. */
export interface WasmModule {
  readonly __wasmModule?: never
}

/** A WebAssembly instance; a WASI command exports `memory` and `_start`. */
export interface WasmInstance {
  readonly exports: Record<string, unknown>
}

interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>
  Instance: new (
    module: WasmModule,
    imports: Record<string, Record<string, unknown>>,
  ) => WasmInstance
}

interface TextDecoderLike {
  decode(bytes: Uint8Array): string
}

const host = globalThis as unknown as {
  WebAssembly: WasmApi
  TextDecoder: new (label: string) => TextDecoderLike
}

/** Compiles a tool's `.wasm` bytes. */
export function compileModule(bytes: Uint8Array): Promise<WasmModule> {
  return host.WebAssembly.compile(bytes)
}

/** A fresh instance of `module` (WASI programs keep state in memory, so every run needs its own). */
export function instantiate(
  module: WasmModule,
  imports: Record<string, Record<string, unknown>>,
): WasmInstance {
  return new host.WebAssembly.Instance(module, imports)
}

const utf8 = new host.TextDecoder('utf-8')

/** UTF-8 text of a tool's output (invalid sequences become U+FFFD, as a terminal would show them). */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes)
}
