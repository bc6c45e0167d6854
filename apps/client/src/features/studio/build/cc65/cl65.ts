// cl65 done by the studio: cl65 starts cc65, ca65 and ld65 as processes, which WASI cannot, so its command line
// is turned into the steps cl65 2.19 would take (src/cl65/main.c), in its order: options apply to the files after
// them, each .c is compiled then assembled (its .s removed), each .s assembled, and all objects linked at the end.
import type { ToolName } from '@nes-studio/cc65-wasm'
import { LONG_FLAGS, LONG_WITH_VALUE, commaList, setConfig, setTarget } from './cl65-options'

/** What cl65 does, one step at a time; the runner stops at the first failing step, as cl65 exits. */
export type Cl65Step =
  | { kind: 'tool'; tool: ToolName; args: string[]; linkOutput?: string }
  /** Delete a compiled .s (a failure is cl65's warning "Cannot remove temporary file"). */
  | { kind: 'remove'; path: string }
  /** cl65's own message on stderr ("cl65: ..."); `exit`: it stops there, with that status. */
  | { kind: 'message'; text: string; exit?: 0 | 1 }

/** cl65 passes `geos` on as the name the other tools know. */
const TARGET_NAME: Record<string, string> = { geos: 'geos-cbm' }

type FileType = 'c' | 'asm' | 'obj' | 'lib' | 'other'
const TYPES: Record<string, FileType> = {
  c: 'c', C: 'c', s: 'asm', S: 'asm', asm: 'asm', ASM: 'asm', a65: 'asm', A65: 'asm',
  o: 'obj', O: 'obj', obj: 'obj', OBJ: 'obj', a: 'lib', A: 'lib', lib: 'lib', LIB: 'lib',
} // prettier-ignore

/** The extension's dot in `name` (cc65's FindExt: after the last '/'), or -1. */
function extensionAt(name: string): number {
  if (name.length < 2) return -1
  for (let i = name.length - 1; i >= 0; i -= 1) {
    if (name[i] === '.') return i
    if (name[i] === '/' || name[i] === '\\') return -1
  }
  return -1
}

/** cc65's MakeFilename: `name` with its extension replaced by `ext` (or `ext` appended). */
export function makeFilename(name: string, ext: string): string {
  const dot = extensionAt(name)
  return (dot < 0 ? name : name.slice(0, dot)) + ext
}

function fileType(name: string): FileType {
  const dot = extensionAt(name)
  return dot < 0 ? 'other' : (TYPES[name.slice(dot + 1)] ?? 'other')
}

export class Cl65Exit extends Error {}

/** Where cl65's planning is: the three tools' arguments so far, and what it knows of the link. */
export class Plan {
  readonly steps: Cl65Step[] = []
  readonly cc65: string[] = []
  readonly ca65: string[] = []
  readonly ld65: string[] = []
  readonly objects: string[] = []
  target = 'c64'
  doAssemble = true
  doLink = true
  output: string | undefined
  firstInput: string | undefined
  config: string | undefined
  module = false
  noTargetLib = false
  dep: string | undefined
  fullDep: string | undefined

  fail(text: string): never {
    this.steps.push({ kind: 'message', text: `cl65: ${text}`, exit: 1 })
    throw new Cl65Exit()
  }

  addObject(name: string): void {
    if (this.objects.includes(name))
      this.steps.push({ kind: 'message', text: `cl65: Duplicate file in argument list: '${name}'` })
    this.objects.push(name)
  }

  assembleFile(file: string, extra: string[]): void {
    const args = [...this.ca65, ...extra, '-t', TARGET_NAME[this.target] ?? this.target]
    if (this.doLink) this.addObject(makeFilename(file, '.o'))
    else if (this.output !== undefined) args.push('-o', this.output)
    this.steps.push({ kind: 'tool', tool: 'ca65', args: [...args, file] })
  }

  assemble(file: string): void {
    const extra: string[] = []
    if (this.dep) extra.push('--create-dep', this.dep)
    if (this.fullDep) extra.push('--create-full-dep', this.fullDep)
    this.assembleFile(file, extra)
  }

  compile(file: string): void {
    const args = [...this.cc65, '-t', TARGET_NAME[this.target] ?? this.target]
    if (this.doAssemble) {
      if (this.dep !== undefined || this.fullDep !== undefined)
        args.push(
          '--dep-target',
          !this.doLink && this.output !== undefined ? this.output : makeFilename(file, '.o'),
        )
    } else if (this.output !== undefined) args.push('-o', this.output)
    this.steps.push({ kind: 'tool', tool: 'cc65', args: [...args, file] })
    if (this.doAssemble) {
      const asm = makeFilename(file, '.s')
      this.assembleFile(asm, [])
      this.steps.push({ kind: 'remove', path: asm })
    }
  }

  link(): void {
    const args = [...this.ld65]
    let output = this.output
    if (output === undefined && this.firstInput !== undefined && extensionAt(this.firstInput) >= 0)
      output = makeFilename(this.firstInput, this.module ? '.o65' : '')
    if (output !== undefined) args.push('-o', output)
    if (this.config !== undefined) {
      if (this.module) this.fail('Cannot use -C and --module together')
      args.push('-C', this.config)
    } else args.push('-t', this.module ? 'module' : (TARGET_NAME[this.target] ?? this.target))
    args.push(...this.objects)
    if (!this.noTargetLib) args.push(`${TARGET_NAME[this.target] ?? this.target}.lib`)
    this.steps.push({ kind: 'tool', tool: 'ld65', args, linkOutput: output ?? 'a.out' })
  }
}

/** An option's value: the rest of the word after `length` characters, or the next word. */
function valueOf(plan: Plan, args: readonly string[], i: number, length: number): [string, number] {
  const arg = args[i]!
  if (arg.length > length) return [arg.slice(length), i]
  const next = args[i + 1]
  if (next === undefined) plan.fail(`Option requires an argument: ${arg}`)
  return [next, i + 1]
}

/** What cl65 prints and exits 0 for (help, version, targets): the studio runs no cl65 binary to ask. */
function informational(plan: Plan, what: string): never {
  plan.steps.push({
    kind: 'message',
    text: `cl65: ${what} is not available in the studio`,
    exit: 0,
  })
  throw new Cl65Exit()
}

function longOption(plan: Plan, args: readonly string[], i: number): number {
  const arg = args[i]!
  const withValue = LONG_WITH_VALUE[arg]
  if (withValue) {
    const [value, last] = valueOf(plan, args, i, arg.length)
    withValue(plan, value)
    return last
  }
  const flag = LONG_FLAGS[arg]
  if (flag) flag(plan)
  else if (['--help', '--version', '--list-targets', '--print-target-path'].includes(arg))
    informational(plan, arg)
  else plan.fail(`Unknown option: ${arg}`)
  return i
}

/** A short option (cl65 looks at its second character only, as main() does). */
function shortOption(plan: Plan, args: readonly string[], i: number): number {
  const arg = args[i]!
  const take = (length: number, apply: (value: string) => void) => {
    const [value, last] = valueOf(plan, args, i, length)
    apply(value)
    return last
  }
  switch (arg[1]) {
    case '-':
      return longOption(plan, args, i)
    case 'C':
      if (arg === '-Cl') return (plan.cc65.push('-Cl'), i)
      return take(2, (v) => setConfig(plan, v))
    case 'D':
      return take(2, (v) => plan.cc65.push('-D', v))
    case 'I':
      return take(2, (v) => plan.cc65.push('-I', v))
    case 'L':
      if (arg === '-Ln') return take(3, (v) => plan.ld65.push('-Ln', v))
      return take(2, (v) => plan.ld65.push('--lib-path', v))
    case 'O':
      return (plan.cc65.push(arg), i)
    case 'S':
      return ((plan.doAssemble = false), (plan.doLink = false), i)
    case 'T':
      return (plan.cc65.push('-T'), i)
    case 'E':
      return (plan.cc65.push(arg), (plan.doAssemble = false), (plan.doLink = false), i)
    case 'W':
      if (arg === '-Wa') return take(3, (v) => plan.ca65.push(...commaList(v)))
      if (arg === '-Wc') return take(3, (v) => plan.cc65.push(...commaList(v)))
      if (arg === '-Wl') return take(3, (v) => plan.ld65.push(...commaList(v)))
      return take(2, (v) => plan.cc65.push('-W', v))
    case 'c':
      return ((plan.doLink = false), i)
    case 'd':
      return (plan.cc65.push('-d'), i)
    case 'g':
      return (plan.cc65.push('-g'), plan.ca65.push('-g'), i)
    case 'j':
      return (plan.cc65.push('-j'), i)
    case 'l':
      return take(2, (v) => plan.ca65.push('-l', v))
    case 'm':
      return take(2, (v) => plan.ld65.push('-m', v))
    case 'o':
      return take(2, (v) => (plan.output = v))
    case 'r':
      return (plan.cc65.push('-r'), i)
    case 't':
      return take(2, (v) => setTarget(plan, v))
    case 'u':
      return take(2, (v) => plan.ld65.push('-u', v))
    case 'v':
      if (arg[2] === 'm') return (plan.ld65.push('-vm'), i)
      return (plan.cc65.push('-v'), plan.ca65.push('-v'), plan.ld65.push('-v'), i)
    case 'V':
    case 'h':
    case '?':
      return informational(plan, arg)
    default:
      return plan.fail(`Unknown option: ${arg}`)
  }
}

function inputFile(plan: Plan, file: string): void {
  plan.firstInput ??= file
  const type = fileType(file)
  if (type === 'c') plan.compile(file)
  else if (type === 'asm') {
    if (plan.doAssemble) plan.assemble(file)
  } else if (type === 'obj' || type === 'lib') plan.addObject(file)
  else plan.fail(`Don't know what to do with '${file}'`)
}

/** The steps of `cl65 args` (without the program name), in cl65 2.19's order. */
export function planCl65(args: readonly string[]): Cl65Step[] {
  const plan = new Plan()
  try {
    for (let i = 0; i < args.length; i += 1) {
      if (args[i]!.startsWith('-')) i = shortOption(plan, args, i)
      else inputFile(plan, args[i]!)
    }
    if (plan.firstInput === undefined)
      plan.steps.push({ kind: 'message', text: 'cl65: No input files' })
    if (plan.doLink && plan.objects.length > 0) plan.link()
  } catch (error) {
    if (!(error instanceof Cl65Exit)) throw error
  }
  return plan.steps
}
