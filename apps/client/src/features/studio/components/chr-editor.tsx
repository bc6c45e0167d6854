// CHR tile editor: each 4 KiB pattern table as a 16 x 16 tile grid at x3, a 4-colour palette from the NES palette,
// pencil and fill, undo/redo, PNG import (at most 4 colours per 8x8 tile) and export. Edits go to the file at the
// end of each stroke (a binary .chr stays binary; CHR text keeps its comments).
import { useEffect, useRef, useState } from 'react'
import {
  TABLE_BYTES,
  TILE_BYTES,
  chrToRgba,
  fillTile,
  rgbaToChr,
  setPixel,
  transformTile,
} from '../project/chr-image'
import { DEFAULT_CHR_PALETTE, NES_PALETTE, cssColour } from '../project/nes-palette'
import { downloadBytes } from '../hooks/download'
import { ChrCanvas } from './chr-canvas'

interface ChrEditorProps {
  filename: string
  bytes: Uint8Array
  onChange: (bytes: Uint8Array) => void
}

type Tool = 'pencil' | 'fill'

const HISTORY_LIMIT = 100

async function readImage(file: File): Promise<ImageData> {
  const bitmap = await createImageBitmap(file)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D canvas')
  context.drawImage(bitmap, 0, 0)
  return context.getImageData(0, 0, bitmap.width, bitmap.height)
}

export function ChrEditor({ filename, bytes, onChange }: ChrEditorProps) {
  const [working, setWorkingState] = useState<Uint8Array>(() => bytes.slice())
  // Pointer events of one stroke can arrive before React renders: the ref is always the latest bytes.
  const latest = useRef(working)
  const setWorking = (next: Uint8Array) => {
    latest.current = next
    setWorkingState(next)
  }
  const [palette, setPalette] = useState<number[]>([...DEFAULT_CHR_PALETTE])
  const [colour, setColour] = useState(1)
  const [tool, setTool] = useState<Tool>('pencil')
  /** The tile last drawn on: shown large, and what flip and rotate change. */
  const [selected, setSelected] = useState(0)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const undo = useRef<Uint8Array[]>([])
  const redo = useRef<Uint8Array[]>([])
  const fileInput = useRef<HTMLInputElement>(null)

  // Bytes changed outside the editor (the text tab, Undo of a delete): start from them. Our own edits come back
  // as new arrays with the same bytes, which keep the history.
  useEffect(() => {
    const current = latest.current
    if (bytes.length === current.length && bytes.every((b, i) => b === current[i])) return
    latest.current = bytes.slice()
    setWorkingState(latest.current)
    undo.current = []
    redo.current = []
  }, [bytes])

  const commit = (next: Uint8Array) => onChange(next)
  const remember = () => {
    undo.current = [...undo.current.slice(-HISTORY_LIMIT + 1), latest.current.slice()]
    redo.current = []
  }
  const step = (from: typeof undo, to: typeof undo) => {
    const previous = from.current.pop()
    if (!previous) return
    to.current.push(latest.current.slice())
    setWorking(previous)
    commit(previous)
  }

  const paint = (absolute: number, phase: 'start' | 'move' | 'end', x: number, y: number) => {
    if (phase === 'end') {
      commit(latest.current.slice())
      return
    }
    if (phase === 'start') {
      remember()
      setSelected(absolute)
    }
    const next = latest.current.slice()
    if (tool === 'fill') fillTile(next, absolute, x, y, colour)
    else setPixel(next, absolute, x, y, colour)
    setWorking(next)
  }
  const stroke =
    (table: number) => (phase: 'start' | 'move' | 'end', tile: number, x: number, y: number) => {
      if (tile >= 0 || phase === 'end') paint(table * 256 + tile, phase, x, y)
    }
  const transform = (how: 'flip-h' | 'flip-v' | 'rotate') => {
    remember()
    const next = latest.current.slice()
    transformTile(next, selected, how)
    setWorking(next)
    commit(next)
  }

  const importPng = async (file: File) => {
    setProblem(undefined)
    let image: ImageData
    try {
      image = await readImage(file)
    } catch {
      setProblem(`${file.name} could not be read as an image.`)
      return
    }
    const colours = palette.map((i) => NES_PALETTE[i]!)
    const result = rgbaToChr(image.data, image.width, image.height, colours)
    if (!result.ok) {
      setProblem(`${file.name}: ${result.message}`)
      return
    }
    remember()
    const next = new Uint8Array(Math.max(latest.current.length, result.bytes.length))
    next.set(latest.current)
    next.set(result.bytes)
    setWorking(next)
    commit(next)
  }

  const exportPng = () => {
    const sheet = chrToRgba(
      working,
      palette.map((i) => NES_PALETTE[i]!),
    )
    const canvas = document.createElement('canvas')
    canvas.width = sheet.width
    canvas.height = sheet.height
    canvas
      .getContext('2d')
      ?.putImageData(new ImageData(sheet.data, sheet.width, sheet.height), 0, 0)
    canvas.toBlob((blob) => {
      if (!blob) return
      void blob
        .arrayBuffer()
        .then((buffer) =>
          downloadBytes(
            new Uint8Array(buffer),
            filename.replace(/\.chr$/i, '') + '.png',
            'image/png',
          ),
        )
    }, 'image/png')
  }

  const tables = Math.max(1, Math.ceil(working.length / TABLE_BYTES))
  return (
    <div
      className="studio-chred"
      data-testid="chr-editor"
      onKeyDown={(e) => {
        if (!(e.ctrlKey || e.metaKey) || e.target instanceof HTMLInputElement) return
        const key = e.key.toLowerCase()
        if (key === 'z' && !e.shiftKey) step(undo, redo)
        else if (key === 'y' || (key === 'z' && e.shiftKey)) step(redo, undo)
        else return
        e.preventDefault()
      }}
    >
      <div className="studio-chred__bar" role="toolbar" aria-label="Tile tools">
        {palette.map((nes, i) => (
          <span key={i} className="studio-chred__slot">
            <button
              type="button"
              className={`studio-chred__swatch${colour === i ? ' studio-chred__swatch--on' : ''}`}
              style={{ background: cssColour(nes) }}
              aria-label={`Colour ${i}`}
              aria-pressed={colour === i}
              onClick={() => setColour(i)}
            />
            <select
              className="studio-chred__nes"
              aria-label={`NES colour of colour ${i}`}
              value={nes}
              onChange={(e) =>
                setPalette((p) => p.map((v, j) => (j === i ? Number(e.target.value) : v)))
              }
            >
              {NES_PALETTE.map((_, n) => (
                <option key={n} value={n}>
                  ${n.toString(16).toUpperCase().padStart(2, '0')}
                </option>
              ))}
            </select>
          </span>
        ))}
        {(['pencil', 'fill'] as const).map((t) => (
          <button
            key={t}
            type="button"
            className={`btn studio-tree__tool${tool === t ? ' btn--primary' : ''}`}
            aria-pressed={tool === t}
            onClick={() => setTool(t)}
          >
            {t === 'pencil' ? 'Pencil' : 'Fill'}
          </button>
        ))}
        <button type="button" className="btn studio-tree__tool" onClick={() => step(undo, redo)}>
          Undo
        </button>
        <button type="button" className="btn studio-tree__tool" onClick={() => step(redo, undo)}>
          Redo
        </button>
        <button
          type="button"
          className="btn btn--ghost studio-tree__tool"
          onClick={() => fileInput.current?.click()}
        >
          Import PNG
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/*"
          hidden
          data-testid="import-png"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void importPng(file)
          }}
        />
        <button type="button" className="btn btn--ghost studio-tree__tool" onClick={exportPng}>
          Export PNG
        </button>
      </div>
      {problem && (
        <p className="studio-newfile__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="studio-chred__tables">
        <figure className="studio-chred__table">
          <ChrCanvas
            bytes={working.subarray(selected * TILE_BYTES, (selected + 1) * TILE_BYTES)}
            palette={palette}
            columns={1}
            label={`Tile $${selected.toString(16).toUpperCase().padStart(2, '0')}`}
            onStroke={(phase, _tile, x, y) => paint(selected, phase, x, y)}
          />
          <figcaption className="studio-chr__caption studio-chred__tilebar">
            Tile ${selected.toString(16).toUpperCase().padStart(2, '0')}
            <button
              type="button"
              className="btn studio-tree__tool"
              onClick={() => transform('flip-h')}
            >
              Flip ↔
            </button>
            <button
              type="button"
              className="btn studio-tree__tool"
              onClick={() => transform('flip-v')}
            >
              Flip ↕
            </button>
            <button
              type="button"
              className="btn studio-tree__tool"
              onClick={() => transform('rotate')}
            >
              Rotate
            </button>
          </figcaption>
        </figure>
        {Array.from({ length: tables }, (_, table) => (
          <figure key={table} className="studio-chred__table">
            <ChrCanvas
              bytes={working.subarray(table * TABLE_BYTES, (table + 1) * TABLE_BYTES)}
              palette={palette}
              label={`Pattern table ${table}`}
              onStroke={stroke(table)}
            />
            <figcaption className="studio-chr__caption">
              Pattern table {table} ($
              {(table * TABLE_BYTES).toString(16).toUpperCase().padStart(4, '0')}),{' '}
              {Math.min(TABLE_BYTES, working.length - table * TABLE_BYTES)} bytes
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  )
}
