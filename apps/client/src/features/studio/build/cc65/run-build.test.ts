import type { RunOptions, ToolName, ToolRun } from '@nes-studio/cc65-wasm'
import { describe, expect, it } from 'vitest'
import { parseBuildScript } from './build-script'
import { DEBUG_FILE, runCc65Build } from './run-build'
import type { ToolRunner } from './run-build'

const bytes = (text: string) => new TextEncoder().encode(text)

/** Writes `-o`'s file (`-o x` or `-ox`) (or a.out for ld65); fails a command naming `bad.s`; traps on `crash.s`. */
class FakeTools implements ToolRunner {
  readonly calls: string[] = []
  runTool(
    name: ToolName,
    args: readonly string[],
    files: Readonly<Record<string, Uint8Array>>,
    options: RunOptions = {},
  ): ToolRun {
    this.calls.push(`${options.cwd ? `[${options.cwd}] ` : ''}${[name, ...args].join(' ')}`)
    const base = { stdout: '', looked: [], written: [] as string[], files: { ...files } }
    if (args.includes('bad.s'))
      return { ...base, exitCode: 1, stderr: 'bad.s(2): Error: Syntax error\n' }
    if (args.includes('crash.s'))
      return { ...base, exitCode: -1, stderr: '', trap: 'RuntimeError: unreachable' }
    const o = args.findIndex((a) => a.startsWith('-o'))
    const named = o < 0 ? undefined : args[o] === '-o' ? args[o + 1]! : args[o]!.slice(2)
    const output = named ?? (name === 'ld65' ? 'a.out' : 'out.o')
    const dbg = args.indexOf('--dbgfile')
    const prefix = options.cwd ? `${options.cwd}/` : ''
    base.files[prefix + output] = bytes(`${name} output`)
    if (dbg >= 0) base.files[(prefix + args[dbg + 1]!).replace(/^[^/]+\/\.\.\//, '')] = bytes('dbg')
    return { ...base, exitCode: 0, stderr: '' }
  }
}

function build(script: string, files: Record<string, Uint8Array> = {}, debug = false) {
  const parsed = parseBuildScript(script)
  if (!parsed.ok) throw new Error(parsed.error.message)
  const tools = new FakeTools()
  const result = runCc65Build(tools, parsed.commands, files, [], { script: 'build.sh', debug })
  return { tools, result }
}

describe('runCc65Build', () => {
  it('runs the commands in order and stops at the first that fails, as bash -e does', () => {
    const { tools, result } = build(
      'ca65 ok.s -o ok.o\nca65 bad.s -o bad.o\nld65 -o game.nes ok.o bad.o',
    )
    expect(tools.calls).toEqual(['ca65 ok.s -o ok.o', 'ca65 bad.s -o bad.o'])
    expect(result.ok).toBe(false)
    expect(result.failure).toEqual({ line: 2, message: 'ca65 failed (exit status 1)' })
    expect(result.diagnostics).toEqual([
      { severity: 'error', message: 'Syntax error', file: 'bad.s', line: 2, column: 1, length: 0 },
    ])
    expect(result.stderr).toBe('bad.s(2): Error: Syntax error\n')
    expect(result.log).toContain('$ ca65 bad.s -o bad.o\nbad.s(2): Error: Syntax error\n')
  })

  it('takes the ROM from the last link, and fails a build that links nothing', () => {
    const { result } = build('ld65 -o first.nes a.o\nld65 -osecond.nes a.o\nrm first.nes')
    expect(result.ok).toBe(true)
    expect(result.romPath).toBe('second.nes')
    expect(new TextDecoder().decode(result.rom)).toBe('ld65 output')
    expect(result.files['first.nes']).toBeUndefined()
    const nothing = build('ca65 a.s -o a.o').result
    expect(nothing.ok).toBe(false)
    expect(nothing.failure?.message).toMatch(/^The build linked no ROM/)
  })

  it('runs each tool in the folder cd moved to, on the build’s copy of the files', () => {
    const files = { 'src/main.s': bytes('x') }
    const { tools, result } = build(
      'mkdir -p obj\ncd src\nca65 main.s -o ../obj/main.o\ncd ..\nld65 -o g.nes obj/main.o',
      files,
    )
    expect(tools.calls).toEqual(['[src] ca65 main.s -o ../obj/main.o', 'ld65 -o g.nes obj/main.o'])
    expect(result.ok).toBe(true)
    expect(Object.keys(files)).toEqual(['src/main.s'])
  })

  it("stops at a shell command that fails, with the shell's words on its line", () => {
    const { tools, result } = build('ca65 a.s\ncd nowhere\nld65 -o g.nes a.o')
    expect(tools.calls).toEqual(['ca65 a.s'])
    expect(result.stderr).toBe('build.sh: line 2: cd: nowhere: No such file or directory\n')
    expect(result.diagnostics).toMatchObject([
      {
        file: 'build.sh',
        line: 2,
        message: 'build.sh: line 2: cd: nowhere: No such file or directory',
      },
    ])
    expect(build('rm -x a.o').result.stderr).toBe("rm: invalid option -- 'x'\n")
    expect(build('mkdir').result.stderr).toBe('mkdir: missing operand\n')
  })

  it('stops with a clear error when a tool traps', () => {
    const { result } = build('ca65 crash.s\nld65 -o g.nes a.o')
    expect(result.failure).toEqual({
      line: 1,
      message:
        'ca65 stopped with an internal error (RuntimeError: unreachable); the build cannot go on.',
    })
  })

  it('asks a debug build for -g and a debug file, keeping the project’s own debug file', () => {
    const script =
      'cd src\ncc65 -O main.c\nca65 main.s\ncd ..\nld65 -o g.nes src/main.o\ncl65 -t nes -o h.nes x.c'
    const { tools, result } = build(script, { 'src/main.c': bytes('') }, true)
    expect(tools.calls).toEqual([
      '[src] cc65 -g -O main.c',
      '[src] ca65 -g main.s',
      `ld65 -o g.nes src/main.o --dbgfile ${DEBUG_FILE}`,
      'cc65 -g -t nes x.c',
      'ca65 -g -t nes x.s',
      `ld65 --dbgfile ${DEBUG_FILE} -o h.nes -t nes x.o nes.lib`,
    ])
    expect(result.dbgPath).toBe(DEBUG_FILE)
    const own = build('ld65 -o g.nes a.o --dbgfile game.dbg', {}, true)
    expect(own.tools.calls).toEqual(['ld65 -o g.nes a.o --dbgfile game.dbg'])
    expect(own.result.dbgPath).toBe('game.dbg')
  })
})
