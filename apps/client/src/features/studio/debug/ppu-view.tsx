// PPU views while stopped: both pattern tables (in a chosen palette), the four nametables with the scroll window,
// the 32 palette entries, and the 64 OAM sprites.
import { useEffect, useMemo, useRef, useState } from 'react'
import { nesColor } from '../../../emulator/debug/nes-palette'
import type { PpuState } from '../../../emulator/types'
import { hex2 } from './format'
import { nametablesRgba, oamSprites, patternTableRgba } from './ppu-images'

type Tab = 'patterns' | 'nametables' | 'palettes' | 'sprites'
const TABS: Tab[] = ['patterns', 'nametables', 'palettes', 'sprites']

function Picture(props: {
  pixels: Uint8ClampedArray
  width: number
  height: number
  label: string
  scroll?: PpuState['scroll']
}) {
  const { pixels, width, height, scroll } = props
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    context.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0)
    if (scroll) {
      // the 256×240 window the next frame shows, wrapping around the four nametables
      context.strokeStyle = '#ffce3a'
      context.lineWidth = 2
      for (const dx of [0, -512])
        for (const dy of [0, -480])
          context.strokeRect(scroll.x + dx + 1, scroll.y + dy + 1, 254, 238)
    }
  }, [pixels, width, height, scroll])
  return (
    <canvas
      ref={canvas}
      width={width}
      height={height}
      className="debug-ppu__canvas"
      aria-label={props.label}
    />
  )
}

function rgb(index: number): string {
  const [r, g, b] = nesColor(index)
  return `rgb(${r} ${g} ${b})`
}

export function PpuView({ ppu }: { ppu: PpuState }) {
  const [tab, setTab] = useState<Tab>('patterns')
  const [palette, setPalette] = useState(0)
  // drawn only for the tab shown, once per stop (or palette choice)
  const tables = useMemo(
    () =>
      tab === 'patterns' ? ([0, 1] as const).map((t) => patternTableRgba(ppu, t, palette)) : [],
    [ppu, palette, tab],
  )
  const nametables = useMemo(() => (tab === 'nametables' ? nametablesRgba(ppu) : null), [ppu, tab])
  return (
    <section className="debug-box debug-ppu" aria-label="PPU">
      <div className="debug-box__head">
        <h3 className="debug-box__title">PPU</h3>
        <div role="tablist" className="debug-ppu__tabs">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className="debug-ppu__tab"
              onClick={() => setTab(t)}
            >
              {t}
            </button>
          ))}
        </div>
      </div>
      {tab === 'patterns' && tables.length === 2 && (
        <div className="debug-ppu__body">
          <label className="debug-ppu__palette">
            Palette{' '}
            <select
              className="debug-select"
              value={palette}
              onChange={(e) => setPalette(Number(e.target.value))}
              aria-label="Pattern table palette"
            >
              {[0, 1, 2, 3, 4, 5, 6, 7].map((p) => (
                <option key={p} value={p}>
                  {p < 4 ? `background ${p}` : `sprite ${p - 4}`}
                </option>
              ))}
            </select>
          </label>
          <div className="debug-ppu__pair">
            <Picture pixels={tables[0]!} width={128} height={128} label="Pattern table $0000" />
            <Picture pixels={tables[1]!} width={128} height={128} label="Pattern table $1000" />
          </div>
        </div>
      )}
      {tab === 'nametables' && nametables && (
        <div className="debug-ppu__body">
          <Picture
            pixels={nametables}
            width={512}
            height={480}
            label="Nametables"
            scroll={ppu.scroll}
          />
          <p className="debug-ppu__note">
            scroll x {ppu.scroll.x} y {ppu.scroll.y} · background tiles at $
            {ppu.backgroundTable ? '1000' : '0000'}
          </p>
        </div>
      )}
      {tab === 'palettes' && (
        <div className="debug-ppu__palettes" data-testid="ppu-palettes">
          {Array.from(ppu.palette, (value, i) => (
            <div key={i} className="debug-ppu__swatch" title={`$3F${hex2(i)} = $${hex2(value)}`}>
              <span style={{ background: rgb(value) }} />
              {hex2(value & 0x3f)}
            </div>
          ))}
        </div>
      )}
      {tab === 'sprites' && (
        <div className="debug-ppu__sprites">
          <table className="debug-table">
            <thead>
              <tr>
                <th>#</th>
                <th>X</th>
                <th>Y</th>
                <th>Tile</th>
                <th>Pal</th>
                <th>Flags</th>
              </tr>
            </thead>
            <tbody>
              {oamSprites(ppu.oam).map((s) => (
                <tr key={s.index} className={s.y >= 240 ? 'debug-table__dim' : undefined}>
                  <td>{s.index}</td>
                  <td>{s.x}</td>
                  <td>{s.y}</td>
                  <td>${hex2(s.tile)}</td>
                  <td>{s.palette}</td>
                  <td>
                    {s.flipH ? 'H' : '-'}
                    {s.flipV ? 'V' : '-'}
                    {s.behind ? 'B' : '-'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
