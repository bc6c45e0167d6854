import type { RunOptions, ToolName, ToolRun } from '@nes-studio/cc65-wasm'
import { describe, expect, it } from 'vitest'
import { RunCache } from './run-cache'
import type { ToolRunner } from './run-build'

const b = (text: string) => new TextEncoder().encode(text)

/** "Assembles" in.s into out.o (its text upper-cased), looking up in.s and inc.s (maybe missing). */
class CountingTools implements ToolRunner {
  runs = 0
  runTool(
    _name: ToolName,
    _args: readonly string[],
    files: Readonly<Record<string, Uint8Array>>,
    _options?: RunOptions,
  ): ToolRun {
    this.runs += 1
    const text = new TextDecoder().decode(files['in.s']).toUpperCase()
    return {
      exitCode: 0,
      stdout: '',
      stderr: `run ${this.runs}\n`,
      files: { ...files, 'out.o': b(text) },
      written: ['out.o'],
      looked: ['in.s', 'inc.s', 'out.o'],
    }
  }
}

describe('RunCache', () => {
  it('answers a run from memory while every path it looked up holds the same bytes, or is still missing', () => {
    const tools = new CountingTools()
    const cache = new RunCache(tools)
    const first = cache.runTool('ca65', ['in.s'], { 'in.s': b('lda') })
    const again = cache.runTool('ca65', ['in.s'], { 'in.s': b('lda'), 'other.s': b('x') })
    expect(tools.runs).toBe(1)
    expect(again.stderr).toBe('run 1\n')
    expect(new TextDecoder().decode(again.files['out.o'])).toBe('LDA')
    expect(again.files['other.s']).toBeDefined()
    expect(first.files['out.o']).toBe(again.files['out.o'])
    expect([cache.hits, cache.misses]).toEqual([1, 1])
  })

  it('runs again when a looked-up file changed, appeared, or the command line or folders differ', () => {
    const tools = new CountingTools()
    const cache = new RunCache(tools)
    cache.runTool('ca65', ['in.s'], { 'in.s': b('lda') })
    cache.runTool('ca65', ['in.s'], { 'in.s': b('ldx') })
    expect(tools.runs).toBe(2)
    cache.runTool('ca65', ['in.s'], { 'in.s': b('ldx'), 'inc.s': b('') })
    expect(tools.runs).toBe(3)
    cache.runTool('ca65', ['-g', 'in.s'], { 'in.s': b('ldx'), 'inc.s': b('') })
    cache.runTool(
      'ca65',
      ['-g', 'in.s'],
      { 'in.s': b('ldx'), 'inc.s': b('') },
      { cwd: '', dirs: ['obj'] },
    )
    expect(tools.runs).toBe(5)
  })

  it('never remembers a run that trapped', () => {
    let runs = 0
    const trapping: ToolRunner = {
      runTool: (_n, _a, files) => {
        runs += 1
        return {
          exitCode: -1,
          stdout: '',
          stderr: '',
          files: { ...files },
          written: [],
          looked: [],
          trap: 'RuntimeError: unreachable',
        }
      },
    }
    const cache = new RunCache(trapping)
    cache.runTool('cc65', ['x.c'], {})
    cache.runTool('cc65', ['x.c'], {})
    expect(runs).toBe(2)
  })
})
