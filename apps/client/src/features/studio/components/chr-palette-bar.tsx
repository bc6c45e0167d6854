// The CHR editor's 4 colours: each picked freely from the NES palette, or all four at once from one of the project's
// own sub-palettes (BG 0-3, SPR 0-3), with the file:line the palette data came from.
import { sourcePlace, subPalettes } from '../project/chr-palette-source'
import type { PaletteSource } from '../project/chr-palette-source'
import { NES_PALETTE, cssColour } from '../project/nes-palette'

interface ChrPaletteBarProps {
  palette: readonly number[]
  colour: number
  sources: readonly PaletteSource[]
  /** Which project sub-palette is in use ("source:index"), if the colours are one. */
  chosen: string | undefined
  onColour: (colour: number) => void
  onPalette: (palette: number[], chosen: string | undefined) => void
}

const hex2 = (n: number) => `$${n.toString(16).toUpperCase().padStart(2, '0')}`

export function ChrPaletteBar(props: ChrPaletteBarProps) {
  const { palette, colour, sources, chosen } = props
  return (
    <>
      <div className="studio-chred__bar" role="toolbar" aria-label="Colours">
        {palette.map((nes, i) => (
          <span key={i} className="studio-chred__slot">
            <button
              type="button"
              className={`studio-chred__swatch${colour === i ? ' studio-chred__swatch--on' : ''}`}
              style={{ background: cssColour(nes) }}
              aria-label={`Colour ${i}`}
              aria-pressed={colour === i}
              onClick={() => props.onColour(i)}
            />
            <select
              className="studio-chred__nes"
              aria-label={`NES colour of colour ${i}`}
              value={nes}
              onChange={(e) =>
                props.onPalette(
                  palette.map((v, j) => (j === i ? Number(e.target.value) : v)),
                  undefined,
                )
              }
            >
              {NES_PALETTE.map((_, n) => (
                <option key={n} value={n}>
                  {hex2(n)}
                </option>
              ))}
            </select>
          </span>
        ))}
      </div>
      <div className="studio-chred__palettes" role="group" aria-label="Project palettes">
        {sources.length === 0 && (
          <span className="studio-chred__from">No palette data found in the project.</span>
        )}
        {sources.map((source, s) => (
          <div key={s} className="studio-chred__source">
            <span className="studio-chred__from">
              {source.label ? `${source.label} ` : ''}from {sourcePlace(source)}
            </span>
            {subPalettes(source).map((sub, i) => {
              const key = `${s}:${i}`
              return (
                <button
                  key={key}
                  type="button"
                  className={`studio-chred__pal${chosen === key ? ' studio-chred__pal--on' : ''}`}
                  aria-pressed={chosen === key}
                  aria-label={`${sub.name} from ${sourcePlace(source)}`}
                  title={sub.colours.map(hex2).join(' ')}
                  onClick={() => props.onPalette([...sub.colours], key)}
                >
                  <span>{sub.name}</span>
                  <span className="studio-chred__chips" aria-hidden="true">
                    {sub.colours.map((c, j) => (
                      <i key={j} style={{ background: cssColour(c) }} />
                    ))}
                  </span>
                </button>
              )
            })}
          </div>
        ))}
      </div>
    </>
  )
}
