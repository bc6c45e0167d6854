// Picks the toolchain for a project's kind (build/toolchain.ts). cc65's code (and its worker, which downloads
// the WebAssembly toolchain) is a separate chunk imported the first time a cc65 project loads or builds, so
// the player and NESASM projects never fetch any of it.
import { NesasmToolchain } from './nesasm-toolchain'
import type { Toolchain, ToolchainBuild, ToolchainDebugBuild } from './toolchain'
import type { Project, ToolchainKind } from '../project/project-files'

/** A toolchain whose code is imported on first use. */
class LazyToolchain implements Toolchain {
  private loaded: Promise<Toolchain | undefined> | undefined
  private isDisposed = false

  constructor(
    readonly kind: ToolchainKind,
    private readonly importToolchain: () => Promise<Toolchain>,
  ) {}

  private get(): Promise<Toolchain | undefined> {
    this.loaded ??= this.importToolchain().then(
      (toolchain) => {
        if (this.isDisposed) toolchain.dispose()
        return toolchain
      },
      () => {
        this.loaded = undefined // a failed chunk download is tried again next time
        return undefined
      },
    )
    return this.loaded
  }

  async load(): Promise<boolean> {
    return (await (await this.get())?.load()) ?? false
  }

  async build(project: Project): Promise<ToolchainBuild> {
    const toolchain = await this.get()
    if (toolchain) return toolchain.build(project)
    const message = 'The cc65 toolchain did not load (its code could not be downloaded)'
    return { outcome: { ok: false, error: { message, diagnostics: [] } }, diagnostics: [] }
  }

  async buildForDebug(project: Project): Promise<ToolchainDebugBuild> {
    const toolchain = await this.get()
    if (toolchain) return toolchain.buildForDebug(project)
    return {
      ok: false,
      message: 'The cc65 toolchain did not load (its code could not be downloaded)',
    }
  }

  dispose(): void {
    this.isDisposed = true
    void this.loaded?.then((toolchain) => toolchain?.dispose())
  }
}

/** A new toolchain of `kind`; its worker starts on the first load or build. */
export function createToolchain(kind: ToolchainKind): Toolchain {
  switch (kind) {
    case 'nesasm':
      return new NesasmToolchain()
    case 'cc65':
      return new LazyToolchain('cc65', async () => {
        const { Cc65Toolchain } = await import('./cc65/cc65-toolchain')
        return new Cc65Toolchain()
      })
  }
}
