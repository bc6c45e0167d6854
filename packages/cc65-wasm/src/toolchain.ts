// Runs one cc65 tool over an in-memory project: a fresh instance of the tool's compiled module per run (a WASI
// command keeps its state in its memory and runs once), the shared runtime tree, and the project's files.
import { ConsoleStdout, File, OpenFile, WASI } from '@bjorn3/browser_wasi_shim'
import type { Directory } from '@bjorn3/browser_wasi_shim'
import { PROJECT_MOUNT, buildShareTree, filesOf, mountRun } from './memory-fs'
import { unpackShare } from './share'
import type { FileMap, RunOptions, ToolName, ToolRun } from './types'
import { TOOL_NAMES } from './types'
import { compileModule, decodeUtf8, instantiate } from './wasm-api'
import type { WasmModule } from './wasm-api'

/** The files a toolchain is made of, as named in `toolchain/` (and its MANIFEST.sha256). */
export type ToolchainFile = 'ca65.wasm' | 'cc65.wasm' | 'ld65.wasm' | 'share.zip'

export const TOOLCHAIN_FILES: readonly ToolchainFile[] = [
  'ca65.wasm',
  'cc65.wasm',
  'ld65.wasm',
  'share.zip',
]

/** A loaded toolchain: compiled modules and runtime files, ready to run tools any number of times. */
export interface Toolchain {
  /**
   * Runs `name` with `args` (as on a command line, without the program name) over `files`. Never throws for
   * anything a tool does: exit status, output and files come back, and a trap is reported in `trap`.
   */
  runTool(name: ToolName, args: readonly string[], files: FileMap, options?: RunOptions): ToolRun
}

class Collector {
  private readonly chunks: Uint8Array[] = []
  readonly fd = new ConsoleStdout((bytes) => this.chunks.push(bytes.slice()))

  text(): string {
    const size = this.chunks.reduce((n, c) => n + c.length, 0)
    const all = new Uint8Array(size)
    let at = 0
    for (const c of this.chunks) {
      all.set(c, at)
      at += c.length
    }
    return decodeUtf8(all)
  }
}

function describeTrap(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

function run(
  module: WasmModule,
  share: Directory,
  name: ToolName,
  args: readonly string[],
  files: FileMap,
  options: RunOptions,
): ToolRun {
  const { root, project } = mountRun(share, files, options.dirs ?? [])
  const stdout = new Collector()
  const stderr = new Collector()
  const cwd = options.cwd ? `${PROJECT_MOUNT}/${options.cwd}` : PROJECT_MOUNT
  const fds = [new OpenFile(new File(new Uint8Array(0))), stdout.fd, stderr.fd, root]
  const wasi = new WASI([name, ...args], [`PWD=${cwd}`], fds, { debug: false })
  let exitCode: number
  let trap: string | undefined
  try {
    const instance = instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport })
    exitCode = wasi.start(instance as unknown as Parameters<WASI['start']>[0])
  } catch (error) {
    exitCode = -1
    trap = describeTrap(error)
  }
  const after = filesOf(project)
  return {
    exitCode,
    stdout: stdout.text(),
    stderr: stderr.text(),
    files: after,
    written: root.written.filter((path) => path in after),
    looked: [...root.looked],
    ...(trap !== undefined && { trap }),
  }
}

/** A toolchain from compiled modules and the runtime files (paths inside `/usr/share/cc65`). */
export function createToolchain(
  modules: Readonly<Record<ToolName, WasmModule>>,
  shareFiles: FileMap,
): Toolchain {
  const share = buildShareTree(shareFiles)
  return {
    runTool: (name, args, files, options = {}) =>
      run(modules[name], share, name, args, files, options),
  }
}

/**
 * Loads a toolchain: `read` gives the bytes of each toolchain file (from disk in Node, by fetch in a browser);
 * the modules are compiled in parallel. Rejects when a file cannot be read or is not what it should be.
 */
export async function loadToolchain(
  read: (file: ToolchainFile) => Promise<Uint8Array>,
): Promise<Toolchain> {
  const [share, ...modules] = await Promise.all([
    read('share.zip').then(unpackShare),
    ...TOOL_NAMES.map((tool) => read(`${tool}.wasm`).then(compileModule)),
  ])
  const byName = Object.fromEntries(TOOL_NAMES.map((tool, i) => [tool, modules[i]!])) as Record<
    ToolName,
    WasmModule
  >
  return createToolchain(byName, share)
}
