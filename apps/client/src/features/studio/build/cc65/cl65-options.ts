// cl65's long options (its OptTab) and the option handlers several spellings share: what each does to the plan.
import type { Plan } from './cl65'

/** The cl65 targets (cc65 2.19 src/common/target.c). */
export const TARGETS = new Set(
  (
    'apple2 apple2enh atari atari2600 atari5200 atarixl atmos bbc c128 c16 c64 c65 cbm510 cbm610 creativision ' +
    'cx16 gamate geos geos-apple geos-cbm lunix lynx module nes none osic1p pce pet plus4 sim6502 sim65c02 ' +
    'supervision telestrat vic20'
  ).split(' '),
)

/** cl65's -Wa/-Wc/-Wl lists: arguments separated by commas. */
export const commaList = (list: string) => list.split(',')

type Handler = (plan: Plan, value: string) => void

/** Long options (cl65's OptTab) that take a value, and what each does with it. */
export const LONG_WITH_VALUE: Record<string, Handler> = {
  '--asm-args': (p, v) => p.ca65.push(...commaList(v)),
  '--asm-define': (p, v) => p.ca65.push('-D', v),
  '--asm-include-dir': (p, v) => p.ca65.push('-I', v),
  '--bin-include-dir': (p, v) => p.ca65.push('--bin-include-dir', v),
  '--bss-label': () => {},
  '--bss-name': (p, v) => p.cc65.push('--bss-name', v),
  '--cc-args': (p, v) => p.cc65.push(...commaList(v)),
  '--cfg-path': (p, v) => p.ld65.push('--cfg-path', v),
  '--code-label': () => {},
  '--code-name': (p, v) => p.cc65.push('--code-name', v),
  '--codesize': (p, v) => p.cc65.push('--codesize', v),
  '--config': (p, v) => setConfig(p, v),
  '--cpu': (p, v) => (p.ca65.push('--cpu', v), p.cc65.push('--cpu', v)),
  '--create-dep': (p, v) => (p.cc65.push('--create-dep', v), (p.dep = v)),
  '--create-full-dep': (p, v) => (p.cc65.push('--create-full-dep', v), (p.fullDep = v)),
  '--data-label': () => {},
  '--data-name': (p, v) => p.cc65.push('--data-name', v),
  '--feature': (p, v) => p.ca65.push('--feature', v),
  '--force-import': (p, v) => p.ld65.push('-u', v),
  '--include-dir': (p, v) => p.cc65.push('-I', v),
  '--ld-args': (p, v) => p.ld65.push(...commaList(v)),
  '--lib-path': (p, v) => p.ld65.push('--lib-path', v),
  '--listing': (p, v) => p.ca65.push('-l', v),
  '--list-bytes': (p, v) => p.ca65.push('--list-bytes', v),
  '--mapfile': (p, v) => p.ld65.push('-m', v),
  '--memory-model': (p, v) => memoryModel(p, v),
  '--module-id': (p, v) => p.ld65.push('--module-id', v),
  '--o65-model': () => {},
  '--obj': (p, v) => p.ld65.push('--obj', v),
  '--obj-path': (p, v) => p.ld65.push('--obj-path', v),
  '--register-space': (p, v) => p.cc65.push('--register-space', v),
  '--rodata-name': (p, v) => p.cc65.push('--rodata-name', v),
  '--standard': (p, v) => p.cc65.push('--standard', v),
  '--start-addr': (p, v) => p.ld65.push('-S', v),
  '--target': (p, v) => setTarget(p, v),
  '--zeropage-label': () => {},
  '--zeropage-name': () => {},
}

/** Long options without a value. */
export const LONG_FLAGS: Record<string, (plan: Plan) => void> = {
  '--add-source': (p) => p.cc65.push('-T'),
  '--all-cdecl': (p) => p.cc65.push('--all-cdecl'),
  '--check-stack': (p) => p.cc65.push('--check-stack'),
  '--debug': (p) => p.cc65.push('-d'),
  '--debug-info': (p) => (p.cc65.push('-g'), p.ca65.push('-g')),
  '--module': (p) => (p.module = true),
  '--no-target-lib': (p) => (p.noTargetLib = true),
  '--register-vars': (p) => p.cc65.push('-r'),
  '--signed-chars': (p) => p.cc65.push('-j'),
  '--static-locals': (p) => p.cc65.push('-Cl'),
  '--verbose': (p) => (p.cc65.push('-v'), p.ca65.push('-v'), p.ld65.push('-v')),
}

export function setConfig(plan: Plan, value: string): void {
  if (plan.config !== undefined) plan.fail('Cannot specify -C/--config twice')
  plan.config = value
}

export function setTarget(plan: Plan, value: string): void {
  if (!TARGETS.has(value)) plan.fail(`No such target system: '${value}'`)
  if (value === 'module') plan.fail("Cannot use 'module' as target, use --module instead")
  plan.target = value
}

function memoryModel(plan: Plan, value: string): void {
  if (value === 'huge') plan.fail(`Unsupported memory model: ${value}`)
  if (value !== 'tiny' && value !== 'near' && value !== 'far')
    plan.fail(`Unknown memory model: ${value}`)
  plan.ca65.push('-mm', value)
  plan.cc65.push('-mm', value)
}
