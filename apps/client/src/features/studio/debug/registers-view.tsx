// Registers while stopped: A X Y S P (each flag N V - B D I Z C lit or dark), PC as label+offset, cycles, scanline,
// and the stack's return addresses as labels.
import type { CpuRegisters } from '../../../emulator/types'
import type { DebugMap } from './debug-map'
import { hex2, hex4 } from './format'

const FLAGS = [
  ['N', 0x80],
  ['V', 0x40],
  ['B', 0x10],
  ['D', 0x08],
  ['I', 0x04],
  ['Z', 0x02],
  ['C', 0x01],
] as const

interface RegistersViewProps {
  registers: CpuRegisters
  map: DebugMap | undefined
  ram: Uint8Array | undefined
}

/** Return addresses on the stack: each pair a JSR pushed (its address + 2, so +1 is the next instruction). */
function stackReturns(s: number, ram: Uint8Array, map: DebugMap | undefined): string[] {
  const out: string[] = []
  for (let sp = s + 1; sp + 1 <= 0xff && out.length < 8; sp += 2) {
    const target = ((ram[0x100 + sp + 1]! << 8) | ram[0x100 + sp]!) + 1
    const caller = map?.lineAt((target - 3) & 0xffff)
    if (!caller) break
    out.push(
      `${map?.describeAddress(target & 0xffff) ?? hex4(target)} (${caller.file}:${caller.line})`,
    )
  }
  return out
}

export function RegistersView({ registers: r, map, ram }: RegistersViewProps) {
  const cells: [string, string][] = [
    ['A', hex2(r.a)],
    ['X', hex2(r.x)],
    ['Y', hex2(r.y)],
    ['S', hex2(r.s)],
    ['P', hex2(r.p)],
  ]
  const returns = ram ? stackReturns(r.s, ram, map) : []
  return (
    <section className="debug-box" aria-label="Registers">
      <h3 className="debug-box__title">Registers</h3>
      <dl className="debug-registers">
        {cells.map(([name, value]) => (
          <div key={name} className="debug-registers__cell">
            <dt>{name}</dt>
            <dd data-testid={`reg-${name.toLowerCase()}`}>${value}</dd>
          </div>
        ))}
      </dl>
      <div className="debug-flags" role="group" aria-label="Flags">
        {FLAGS.map(([name, bit]) => (
          <span
            key={name}
            className={`debug-flags__flag${r.p & bit ? ' debug-flags__flag--on' : ''}`}
            data-testid={`flag-${name}`}
            data-on={r.p & bit ? 'true' : 'false'}
          >
            {name}
            {/* lit or dark on screen; said in words to a screen reader */}
            <span className="visually-hidden">{r.p & bit ? ' set' : ' clear'}</span>
          </span>
        ))}
      </div>
      <p className="debug-registers__pc">
        PC <span data-testid="reg-pc">${hex4(r.pc)}</span>{' '}
        <span className="debug-registers__label" data-testid="pc-label">
          {map?.describeAddress(r.pc) ?? ''}
        </span>
      </p>
      <p className="debug-registers__line">
        cycles <span data-testid="reg-cycles">{r.cycles}</span> · scanline{' '}
        <span data-testid="reg-scanline">{r.scanline}</span> · frame {r.frame}
      </p>
      {returns.length > 0 && (
        <ol className="debug-stack" aria-label="Call stack">
          {returns.map((entry, i) => (
            <li key={i}>↩ {entry}</li>
          ))}
        </ol>
      )}
    </section>
  )
}
