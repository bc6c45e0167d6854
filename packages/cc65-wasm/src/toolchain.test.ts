import { beforeAll, describe, expect, it } from 'vitest'
import { loadToolchainFromDisk } from './node/index'
import { createToolchain } from './toolchain'
import type { Toolchain } from './toolchain'
import { compileModule } from './wasm-api'
import type { WasmModule } from './wasm-api'

const text = (s: string) => new TextEncoder().encode(s)
const str = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

let toolchain: Toolchain
let trapping: WasmModule
beforeAll(async () => {
  toolchain = await loadToolchainFromDisk()
  trapping = await compileModule(TRAPPING_MODULE)
})

const PROGRAM = `.segment "CODE"
reset: lda #1
  jmp reset
`

describe('runTool', () => {
  it('assembles with ca65 into an object file, leaving the input bytes as they were', () => {
    const source = text(PROGRAM)
    const run = toolchain.runTool('ca65', ['main.s'], { 'main.s': source })
    expect(run).toMatchObject({ exitCode: 0, stdout: '', stderr: '', written: ['main.o'] })
    expect(run.files['main.s']).toBe(source)
    expect(str(run.files['main.s'])).toBe(PROGRAM)
    // an o65 object file starts with ca65's magic number 0x616E7A55, little-endian
    expect([...run.files['main.o']!.subarray(0, 4)]).toEqual([0x55, 0x7a, 0x6e, 0x61])
  })

  it("reports a tool's error with its exit status and its own words on stderr", () => {
    const run = toolchain.runTool('ca65', ['main.s'], { 'main.s': text('  lda #1\n  bogus\n') })
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toBe("main.s(2): Error: ':' expected\n")
    expect(run.written).toEqual([])
  })

  it('runs a command in a folder below the root, with paths relative to that folder', () => {
    const files = {
      'src/main.s': text('.include "../inc/defs.inc"\n.byte VALUE\n'),
      'inc/defs.inc': text('VALUE = 7\n'),
    }
    const run = toolchain.runTool('ca65', ['main.s', '-o', '../obj/main.o'], files, {
      cwd: 'src',
      dirs: ['obj'],
    })
    expect(run.stderr).toBe('')
    expect(run.written).toEqual(['obj/main.o'])
    expect(run.looked).toEqual(expect.arrayContaining(['src/main.s', 'inc/defs.inc']))
  })

  it('compiles C for the nes target with its headers, library and config: a 40 KB iNES ROM', () => {
    const c = text(
      '#include <nes.h>\n#include <conio.h>\nint main(void) { cputs("hi"); for (;;) {} return 0; }\n',
    )
    const compiled = toolchain.runTool('cc65', ['-t', 'nes', '-O', 'main.c'], { 'main.c': c })
    expect(compiled.stderr).toBe('')
    const assembled = toolchain.runTool('ca65', ['-t', 'nes', 'main.s'], compiled.files)
    const linked = toolchain.runTool(
      'ld65',
      ['-t', 'nes', '-o', 'game.nes', 'main.o', 'nes.lib'],
      assembled.files,
    )
    expect(linked.exitCode).toBe(0)
    const rom = linked.files['game.nes']!
    expect(rom.length).toBe(16 + 32768 + 8192)
    expect(str(rom.subarray(0, 4))).toBe('NES\x1a')
  })

  it('records every project path a tool looked up, found or not', () => {
    const run = toolchain.runTool('cc65', ['-I', 'inc', 'main.c'], {
      'main.c': text('#include "defs.h"\nint x;\n'),
      'inc/defs.h': text('\n'),
    })
    expect(run.exitCode).toBe(0)
    // a quoted include is looked for in the current folder first (missing here), then in the -I folders
    expect(run.looked).toEqual(expect.arrayContaining(['main.c', 'defs.h', 'inc/defs.h', 'main.s']))
  })

  it('reports a program that traps instead of throwing', () => {
    const chain = createToolchain({ ca65: trapping, cc65: trapping, ld65: trapping }, {})
    const run = chain.runTool('ca65', [], { 'a.s': text('x') })
    expect(run.exitCode).toBe(-1)
    expect(run.trap).toMatch(/^RuntimeError: unreachable/)
    expect(run.files['a.s']).toBeDefined()
  })
})

/** (module (memory (export "memory") 1) (func (export "_start") unreachable)) */
// prettier-ignore
const TRAPPING_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x05, 0x03, 0x01, 0x00, 0x01, // memory section: one memory, 1 page
  0x07, 0x13, 0x02, // export section: two exports
  0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, // "memory", memory 0
  0x06, 0x5f, 0x73, 0x74, 0x61, 0x72, 0x74, 0x00, 0x00, // "_start", function 0
  0x0a, 0x05, 0x01, 0x03, 0x00, 0x00, 0x0b, // code: no locals, unreachable, end
])
