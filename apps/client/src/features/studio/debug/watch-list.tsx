// Watches: expressions in the assembler's syntax (playerX, playerY+1, $0300), each shown as its address and the
// byte there; a watch can also stop the program when that byte is read or written (a watchpoint).
import { useEffect, useState } from 'react'
import type { Watchpoint } from '../../../emulator/types'
import type { DebugMap } from './debug-map'
import { hex2, hex4 } from './format'
import type { MemorySnapshot } from './use-debugger'
import { evaluateWatch } from './watch-expression'

const STORAGE_KEY = 'nes-studio.debug.watches'

type Break = 'off' | 'read' | 'write'
interface Watch {
  text: string
  stopOn: Break
}

function readWatches(): Watch[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    if (!Array.isArray(raw)) return []
    return raw.filter(
      (w): w is Watch =>
        typeof w === 'object' && w !== null && typeof (w as Watch).text === 'string',
    )
  } catch {
    return []
  }
}

/** The byte at `address` in the snapshot, if the snapshot covers it. */
function byteAt(memory: MemorySnapshot | undefined, address: number): number | undefined {
  if (!memory) return undefined
  if (address >= 0 && address < 0x2000) return memory.ram[address & 0x7ff]
  if (address >= 0x6000 && address < 0x8000) return memory.cart[address - 0x6000]
  return undefined
}

interface WatchListProps {
  map: DebugMap | undefined
  memory: MemorySnapshot | undefined
  onWatchpoints: (list: Watchpoint[]) => void
}

export function WatchList({ map, memory, onWatchpoints }: WatchListProps) {
  const [watches, setWatches] = useState<Watch[]>(readWatches)
  const [draft, setDraft] = useState('')
  const lookup = (name: string) => map?.symbol(name)

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(watches))
    const list: Watchpoint[] = []
    for (const w of watches) {
      const r = w.stopOn === 'off' ? null : evaluateWatch(w.text, (n) => map?.symbol(n))
      if (r?.ok)
        list.push({ address: r.value & 0xffff, access: w.stopOn === 'read' ? 'read' : 'write' })
    }
    onWatchpoints(list)
  }, [watches, map, onWatchpoints])

  return (
    <section className="debug-box" aria-label="Watches">
      <h3 className="debug-box__title">Watch</h3>
      <form
        className="debug-watch__add"
        onSubmit={(e) => {
          e.preventDefault()
          if (draft.trim()) setWatches([...watches, { text: draft.trim(), stopOn: 'off' }])
          setDraft('')
        }}
      >
        <input
          className="debug-input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="playerX+1"
          aria-label="Watch expression"
        />
        <button type="submit" className="btn debug-btn--small">
          Add
        </button>
      </form>
      <ul className="debug-watch" data-testid="watch-list">
        {watches.map((w, i) => {
          const r = evaluateWatch(w.text, lookup)
          const byte = r.ok ? byteAt(memory, r.value) : undefined
          return (
            <li key={i} className="debug-watch__item">
              <span className="debug-watch__expr">{w.text}</span>
              <span className="debug-watch__value" data-testid="watch-value">
                {!r.ok
                  ? map
                    ? r.error
                    : '—'
                  : `$${hex4(r.value & 0xffff)}${byte === undefined ? '' : ` = $${hex2(byte)} (${byte})`}`}
              </span>
              <select
                className="debug-select"
                aria-label={`Stop on access to ${w.text}`}
                value={w.stopOn}
                onChange={(e) => {
                  const stopOn = e.target.value as Break
                  setWatches(watches.map((x, j) => (j === i ? { ...x, stopOn } : x)))
                }}
              >
                <option value="off">no stop</option>
                <option value="read">stop on read</option>
                <option value="write">stop on write</option>
              </select>
              <button
                type="button"
                className="btn btn--ghost debug-btn--small"
                aria-label={`Remove watch ${w.text}`}
                onClick={() => setWatches(watches.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
