// @nes-studio/cc65-wasm: cc65 2.19's ca65, cc65 and ld65 compiled to WebAssembly (WASI), with the `nes` target's
// runtime files, and a small runner over an in-memory file system. No DOM and no `node:*` here: the browser
// loads the files by fetch, Node through `@nes-studio/cc65-wasm/node`.
export { createToolchain, loadToolchain, TOOLCHAIN_FILES } from './toolchain'
export type { Toolchain, ToolchainFile } from './toolchain'
export { unpackShare } from './share'
export { PROJECT_MOUNT, SHARE_MOUNT } from './memory-fs'
export { TOOL_NAMES } from './types'
export type { FileMap, RunOptions, ToolName, ToolRun } from './types'
export type { WasmModule } from './wasm-api'
