// Runs a cc65 build: build.sh's commands (or the default build's) in order from the project root, the tools in
// WebAssembly and the shell built-ins on the build's copy of the files. It stops at the first command that
// fails, as `bash -e build.sh` does; the ROM is what the last link wrote. A debug build adds `-g` to the
// compiler and assembler and `--dbgfile` to the link (neither changes the ROM's bytes).
import type { RunOptions, ToolName, ToolRun } from '@nes-studio/cc65-wasm'
import type { StudioDiagnostic } from '../studio-diagnostic'
import type { ScriptCommand } from './build-script'
import { BuildFs } from './build-fs'
import { planCl65 } from './cl65'
import type { Cl65Step } from './cl65'
import { parseToolMessages } from './tool-diagnostics'

/** What runs the tools: the package's Toolchain (or a cache in front of it). */
export interface ToolRunner {
  runTool(
    name: ToolName,
    args: readonly string[],
    files: Readonly<Record<string, Uint8Array>>,
    options?: RunOptions,
  ): ToolRun
}

/** The debug file a debug build asks of the link when the project's own build writes none. */
export const DEBUG_FILE = 'nes-studio.dbg'

export interface Cc65Build {
  ok: boolean
  /** The bytes the last successful link wrote, and where. */
  rom?: Uint8Array
  romPath?: string
  /** The link's --dbgfile (project path), in a debug build or when the project's build writes one. */
  dbgPath?: string
  /** Each command, then what it printed. */
  log: string
  /** Everything the commands wrote to stdout and stderr, as a terminal running `bash -e build.sh` gets them. */
  stdout: string
  stderr: string
  diagnostics: StudioDiagnostic[]
  /** The command that stopped the build (its build.sh line, 0 in a default build) and why. */
  failure?: { line: number; message: string }
  /** The build's files at the end (the project's plus what the build wrote). */
  files: Record<string, Uint8Array>
  /** The folders the tools ran in (the root first): file names in tool output are relative to one of them. */
  cwds: string[]
}

export interface BuildOptions {
  /** The script the commands came from ('build.sh'), or undefined for the default build. */
  script?: string
  debug?: boolean
}

const quote = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`

class Failure extends Error {}

/** One build's state and output. */
class BuildRun {
  log = ''
  stdout = ''
  stderr = ''
  readonly diagnostics: StudioDiagnostic[] = []
  rom: Uint8Array | undefined
  romPath: string | undefined
  dbgPath: string | undefined
  failure: { line: number; message: string } | undefined
  readonly cwds = new Set([''])
  private line = 0

  constructor(
    private readonly runner: ToolRunner,
    readonly fs: BuildFs,
    private readonly sources: ReadonlySet<string>,
    private readonly options: BuildOptions,
  ) {}

  run(commands: readonly ScriptCommand[]): void {
    try {
      for (const command of commands) {
        this.line = command.line
        this.log += `$ ${[command.program, ...command.args.map((a) => a.text)].map(quote).join(' ')}\n`
        this.command(command)
      }
      if (!this.rom)
        this.fail(
          'The build linked no ROM: the ROM is what the last ld65 or cl65 link writes (-o).',
        )
    } catch (error) {
      if (!(error instanceof Failure)) throw error
    }
  }

  /** Stops the build at the current command, with a diagnostic on its line. */
  fail(message: string, withDiagnostic = true): never {
    this.failure = { line: this.line, message }
    if (withDiagnostic) this.diagnostics.push(this.here('error', message))
    throw new Failure(message)
  }

  private here(severity: StudioDiagnostic['severity'], message: string): StudioDiagnostic {
    return {
      severity,
      message,
      file: this.options.script ?? '',
      line: this.line,
      column: 1,
      length: 0,
    }
  }

  private err(text: string): void {
    this.stderr += `${text}\n`
    this.log += `${text}\n`
  }

  private command(command: ScriptCommand): void {
    const words = command.args.map((w) => w.text)
    switch (command.name) {
      case 'cd': {
        const problem = this.fs.cd(words[0])
        if (problem)
          this.builtinFailed([`${this.options.script ?? 'build'}: line ${this.line}: ${problem}`])
        this.cwds.add(this.fs.cwd)
        return
      }
      case 'mkdir':
        return this.mkdir(words)
      case 'rm':
        return this.rm(command)
      case 'echo':
        this.stdout += `${words.join(' ')}\n`
        this.log += `${words.join(' ')}\n`
        return
      case 'set':
        return
      case 'cl65':
        return this.cl65(words)
      default:
        this.tool(command.name, this.withDebug(command.name, words))
    }
  }

  private builtinFailed(errors: string[]): void {
    if (errors.length === 0) return
    for (const e of errors) this.err(e)
    this.diagnostics.push(...errors.map((e) => this.here('error', e)))
    this.fail(errors[0]!, false)
  }

  private flags(words: string[], allowed: Record<string, string>, tool: string) {
    const set = new Set<string>()
    const rest: string[] = []
    for (const word of words) {
      if (!word.startsWith('-') || word === '-' || rest.length > 0) rest.push(word)
      else if (word.startsWith('--') && allowed[word]) set.add(allowed[word])
      else
        for (const letter of word.slice(1)) {
          if (!allowed[letter]) this.builtinFailed([`${tool}: invalid option -- '${letter}'`])
          set.add(allowed[letter]!)
        }
    }
    return { set, rest }
  }

  private mkdir(words: string[]): void {
    const { set, rest } = this.flags(words, { p: 'p', '--parents': 'p' }, 'mkdir')
    if (rest.length === 0) this.builtinFailed(['mkdir: missing operand'])
    this.builtinFailed(this.fs.mkdir(rest, set.has('p')))
  }

  private rm(command: ScriptCommand): void {
    const flags = { f: 'f', r: 'r', R: 'r', '--force': 'f', '--recursive': 'r' }
    const { set } = this.flags(
      command.args.map((w) => w.text),
      flags,
      'rm',
    )
    const operands = command.args
      .filter((w) => !w.text.startsWith('-') || w.text === '-')
      .flatMap((w) => (w.pattern ? this.fs.expand(w.text) : [w.text]))
    if (operands.length === 0 && !set.has('f')) this.builtinFailed(['rm: missing operand'])
    this.builtinFailed(this.fs.rm(operands, set.has('f'), set.has('r')))
  }

  /** A debug build's extra arguments (see the file's head). */
  private withDebug(tool: ToolName, args: string[]): string[] {
    if (!this.options.debug) return args
    if (tool !== 'ld65') return args.includes('-g') ? args : ['-g', ...args]
    return args.includes('--dbgfile') ? args : [...args, '--dbgfile', this.fromCwd(DEBUG_FILE)]
  }

  /** A project path as seen from the current folder. */
  private fromCwd(path: string): string {
    const depth = this.fs.cwd === '' ? 0 : this.fs.cwd.split('/').length
    return `${'../'.repeat(depth)}${path}`
  }

  private cl65(words: string[]): void {
    let args = words
    if (this.options.debug) {
      const hasDbg = words.some((w) => w.includes('--dbgfile'))
      args = ['-g', ...(hasDbg ? [] : ['-Wl', `--dbgfile,${this.fromCwd(DEBUG_FILE)}`]), ...words]
    }
    for (const step of planCl65(args)) this.cl65Step(step)
  }

  private cl65Step(step: Cl65Step): void {
    if (step.kind === 'tool') {
      this.log += `  (cl65) ${[step.tool, ...step.args].map(quote).join(' ')}\n`
      this.tool(step.tool, step.args, step.linkOutput)
    } else if (step.kind === 'remove') {
      const path = this.fs.resolve(step.path)
      if (path !== undefined && path in this.fs.files) delete this.fs.files[path]
      else this.err(`cl65: Cannot remove temporary file '${step.path}': No such file or directory`)
    } else {
      this.err(step.text)
      const severity = step.exit === 1 ? 'error' : 'warning'
      this.diagnostics.push(this.here(severity, step.text))
      if (step.exit === 1) this.fail(step.text, false)
      if (step.exit === 0) throw new Failure(step.text)
    }
  }

  private tool(tool: ToolName, args: string[], cl65Output?: string): void {
    const run = this.runner.runTool(tool, args, this.fs.files, {
      cwd: this.fs.cwd,
      dirs: this.fs.dirs(),
    })
    this.fs.files = run.files
    this.stdout += run.stdout
    this.stderr += run.stderr
    this.log += run.stdout + run.stderr
    const failed = run.exitCode !== 0
    this.diagnostics.push(...parseToolMessages(run.stderr, this.context(), failed))
    if (run.trap !== undefined)
      this.fail(`${tool} stopped with an internal error (${run.trap}); the build cannot go on.`)
    if (failed) this.fail(`${tool} failed (exit status ${run.exitCode})`, false)
    if (tool === 'ld65') this.linked(args, cl65Output)
  }

  private linked(args: string[], cl65Output?: string): void {
    const output = cl65Output ?? optionValue(args, '-o') ?? 'a.out'
    const path = this.fs.resolve(output)
    const bytes = path === undefined ? undefined : this.fs.files[path]
    if (path !== undefined && bytes) {
      this.rom = bytes
      this.romPath = path
    }
    const dbg = longValue(args, '--dbgfile')
    if (dbg !== undefined) this.dbgPath = this.fs.resolve(dbg)
  }

  private context() {
    const cwd = this.fs.cwd
    return {
      fileOf: (name: string) => {
        const here = this.fs.resolve(name, cwd)
        if (here !== undefined && this.sources.has(here)) return here
        for (const other of this.cwds) {
          const there = this.fs.resolve(name, other)
          if (there !== undefined && this.sources.has(there)) return there
        }
        return here
      },
      ...(this.options.script !== undefined && {
        commandAt: { file: this.options.script, line: this.line },
      }),
    }
  }
}

/** A short option's value as ld65 reads it (`-o x` or `-ox`). */
function optionValue(args: string[], option: string): string | undefined {
  let value: string | undefined
  args.forEach((arg, i) => {
    if (arg === option) value = args[i + 1]
    else if (arg.startsWith(option) && !arg.startsWith('--')) value = arg.slice(option.length)
  })
  return value
}

function longValue(args: string[], option: string): string | undefined {
  const i = args.lastIndexOf(option)
  return i >= 0 ? args[i + 1] : undefined
}

/** Runs `commands` over the project's `files` and `folders`. Never throws for anything the build does. */
export function runCc65Build(
  runner: ToolRunner,
  commands: readonly ScriptCommand[],
  files: Readonly<Record<string, Uint8Array>>,
  folders: readonly string[],
  options: BuildOptions = {},
): Cc65Build {
  const fs = new BuildFs({ ...files }, folders)
  const build = new BuildRun(runner, fs, new Set(Object.keys(files)), options)
  build.run(commands)
  return {
    ok: build.failure === undefined,
    ...(build.rom && { rom: build.rom, romPath: build.romPath }),
    ...(build.dbgPath !== undefined && { dbgPath: build.dbgPath }),
    log: build.log,
    stdout: build.stdout,
    stderr: build.stderr,
    diagnostics: build.diagnostics,
    ...(build.failure && { failure: build.failure }),
    files: fs.files,
    cwds: [...build.cwds],
  }
}
