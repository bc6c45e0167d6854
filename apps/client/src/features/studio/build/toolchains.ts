// Picks the toolchain for a project's kind (build/toolchain.ts).
import { NesasmToolchain } from './nesasm-toolchain'
import type { Toolchain } from './toolchain'
import type { ToolchainKind } from '../project/project-files'

/** A new toolchain of `kind`; its worker starts on the first load or build. */
export function createToolchain(kind: ToolchainKind): Toolchain {
  switch (kind) {
    case 'nesasm':
      return new NesasmToolchain()
  }
}
