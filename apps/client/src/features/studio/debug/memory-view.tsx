// CPU RAM ($0000-$07FF) or cartridge RAM ($6000-$7FFF) as hex, 16 bytes a row (two lines of 8 finger-sized cells
// on a touch phone, memory-view.css), with the assembler's symbols beside the rows that hold them. Click a byte to
// edit it (hex; Enter or leaving the field writes it, Escape cancels).
import { useRef, useState } from 'react'
import type { DebugMap } from './debug-map'
import { hex2, hex4 } from './format'
import type { MemorySnapshot } from './use-debugger'
import './memory-view.css'

interface MemoryViewProps {
  memory: MemorySnapshot
  map: DebugMap | undefined
  onWrite: (address: number, value: number) => void
}

const REGIONS = {
  ram: { base: 0, label: 'RAM $0000-$07FF' },
  cart: { base: 0x6000, label: 'Cart $6000-$7FFF' },
}

export function MemoryView({ memory, map, onWrite }: MemoryViewProps) {
  const [region, setRegion] = useState<'ram' | 'cart'>('ram')
  const [editing, setEditing] = useState<number | null>(null)
  const [draft, setDraft] = useState('')
  const [isInvalid, setIsInvalid] = useState(false)
  // Escape ends the edit without writing, also for the blur that follows it.
  const isCancelled = useRef(false)
  const bytes = memory[region]
  const base = REGIONS[region].base
  const rows: number[] = []
  for (let offset = 0; offset < bytes.length; offset += 16) rows.push(offset)

  const startEditing = (address: number, value: number) => {
    isCancelled.current = false
    setIsInvalid(false)
    setEditing(address)
    setDraft(hex2(value))
  }

  /** Writes a valid draft that changed the byte; `keepInvalid` leaves a bad draft open to correct. */
  const commit = (address: number, old: number, keepInvalid: boolean) => {
    if (isCancelled.current) return
    const isValid = /^[0-9a-fA-F]{1,2}$/.test(draft.trim())
    if (!isValid && keepInvalid) return setIsInvalid(true)
    const value = parseInt(draft.trim(), 16)
    if (isValid && value !== old) onWrite(address, value)
    setEditing(null)
  }

  return (
    <section className="debug-box debug-memory" aria-label="Memory">
      <div className="debug-box__head">
        <h3 className="debug-box__title">Memory</h3>
        <select
          className="debug-select"
          value={region}
          onChange={(e) => setRegion(e.target.value === 'cart' ? 'cart' : 'ram')}
          aria-label="Memory region"
        >
          <option value="ram">{REGIONS.ram.label}</option>
          <option value="cart">{REGIONS.cart.label}</option>
        </select>
      </div>
      <div className="debug-memory__rows" data-testid="memory-view">
        {rows.map((offset) => {
          const symbols: string[] = []
          for (let i = 0; i < 16; i++)
            for (const name of map?.symbolsAt(base + offset + i) ?? [])
              symbols.push(`${name}=$${hex4(base + offset + i)}`)
          return (
            <div key={offset} className="debug-memory__row">
              <span className="debug-memory__address">${hex4(base + offset)}</span>
              {Array.from(bytes.subarray(offset, offset + 16), (value, i) => {
                const address = base + offset + i
                const named = (map?.symbolsAt(address).length ?? 0) > 0
                const where = `$${hex4(address)}${named ? ` ${map?.symbolsAt(address).join(', ')}` : ''}`
                if (editing === address)
                  return (
                    <input
                      key={i}
                      className="debug-memory__edit"
                      autoFocus
                      value={draft}
                      maxLength={2}
                      aria-label={`Value at $${hex4(address)}`}
                      aria-invalid={isInvalid || undefined}
                      title={isInvalid ? 'Type one byte in hex, 00-FF' : undefined}
                      onChange={(e) => {
                        setDraft(e.target.value)
                        setIsInvalid(false)
                      }}
                      onBlur={() => commit(address, value, false)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') commit(address, value, true)
                        if (e.key === 'Escape') {
                          isCancelled.current = true
                          setEditing(null)
                        }
                      }}
                    />
                  )
                return (
                  <button
                    key={i}
                    type="button"
                    className={`debug-memory__byte${named ? ' debug-memory__byte--named' : ''}`}
                    data-address={hex4(address)}
                    title={where}
                    aria-label={`${where}: ${hex2(value)}`}
                    onClick={() => startEditing(address, value)}
                  >
                    {hex2(value)}
                  </button>
                )
              })}
              <span className="debug-memory__symbols">{symbols.join(' ')}</span>
            </div>
          )
        })}
      </div>
    </section>
  )
}
