import { assemble } from '@nes-studio/assembler'
import type { AssembleInput } from '@nes-studio/assembler'
import { describe, expect, it } from 'vitest'
import { createDefaultProject, updateContent } from '../project/project-files'
import type { AssembleOutcome } from './assembler-client'
import { toDebugData } from './debug-data'
import { NesasmToolchain } from './nesasm-toolchain'

/** Assembles in-process, answering as the worker does (debug data as plain data). */
const inProcess = {
  load: () => Promise.resolve(true),
  dispose: () => {},
  assemble: (input: AssembleInput): Promise<AssembleOutcome> => {
    const result = assemble(input)
    const debug =
      input.options?.debug && result.debug ? toDebugData(input.main, result.debug) : undefined
    return Promise.resolve({ kind: 'result', result, elapsedMs: 1, ...(debug && { debug }) })
  },
}

const withMain = (text: string) => {
  const project = createDefaultProject()
  return updateContent(project, project.files[0]!.id, text)
}

describe('NesasmToolchain', () => {
  it('builds main.asm into an iNES ROM', async () => {
    const built = await new NesasmToolchain(inProcess).build(createDefaultProject())
    expect(built.diagnostics).toEqual([])
    if (!built.outcome.ok) throw new Error(built.outcome.error.message)
    expect(built.outcome.rom.length).toBe(16 + 16384 + 8192)
    expect(built.elapsedMs).toBe(1)
  })

  it('answers an error with its message and the diagnostics at their lines', async () => {
    const built = await new NesasmToolchain(inProcess).build(withMain('  lda #1\n  jmp Nowhere\n'))
    expect(built.outcome.ok).toBe(false)
    expect(built.diagnostics).toMatchObject([
      { severity: 'error', code: 'UndefinedSymbol', file: 'main.asm', line: 2 },
    ])
    if (built.outcome.ok) return
    expect(built.outcome.error.message).toMatch(/^Compilation failed: main\.asm:2:/)
  })

  it('gives a debug build the ROM and its debug data, or says why it cannot debug', async () => {
    const toolchain = new NesasmToolchain(inProcess)
    const good = await toolchain.buildForDebug(createDefaultProject())
    if (!good.ok) throw new Error(good.message)
    expect(good.debug.main).toBe('main.asm')
    expect(good.debug.labels.map((l) => l.name)).toContain('RESET')
    expect(await toolchain.buildForDebug(withMain('  jmp Nowhere\n'))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Cannot debug: main\.asm:1: /),
    })
  })
})
