// CHR tile editor: each 4 KiB pattern table as a 16 x 16 tile grid at x3, a 4-colour palette (free NES colours or
// the project's own sub-palettes), pencil, fill, line and rectangle select (move, copy, cut, paste, clear),
// flip/rotate and a large view of one tile, undo/redo, PNG import (at most 4 colours per 8x8 tile) and export.
// Edits go to the file at the end of each stroke (a binary .chr stays binary; CHR text keeps its comments).
import { useEffect, useMemo, useRef, useState } from 'react'
import { TABLE_BYTES, TILE_BYTES, chrToRgba, rgbaToChr, transformTile } from '../project/chr-image'
import { findPaletteData, subPalettes } from '../project/chr-palette-source'
import type { EditorFile } from '../project/project-files'
import { DEFAULT_CHR_PALETTE, NES_PALETTE } from '../project/nes-palette'
import { downloadBytes } from '../hooks/download'
import { ChrCanvas } from './chr-canvas'
import { ChrPaletteBar } from './chr-palette-bar'
import { ChrToolBar } from './chr-tool-bar'
import { useChrTools } from './chr-tools'
import type { ChrHistory } from './chr-tools'

interface ChrEditorProps {
  filename: string
  bytes: Uint8Array
  /** The project's files, searched for palette data. */
  projectFiles?: readonly EditorFile[]
  onChange: (bytes: Uint8Array) => void
}

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

function exportPng(bytes: Uint8Array, palette: readonly number[], filename: string) {
  const sheet = chrToRgba(
    bytes,
    palette.map((i) => NES_PALETTE[i]!),
  )
  const canvas = document.createElement('canvas')
  canvas.width = sheet.width
  canvas.height = sheet.height
  canvas.getContext('2d')?.putImageData(new ImageData(sheet.data, sheet.width, sheet.height), 0, 0)
  canvas.toBlob((blob) => {
    void blob
      ?.arrayBuffer()
      .then((buffer) =>
        downloadBytes(
          new Uint8Array(buffer),
          filename.replace(/\.chr$/i, '') + '.png',
          'image/png',
        ),
      )
  }, 'image/png')
}

const tileName = (tile: number) => `$${tile.toString(16).toUpperCase().padStart(2, '0')}`

function useHistory(bytes: Uint8Array, onChange: (bytes: Uint8Array) => void) {
  const [working, setWorkingState] = useState<Uint8Array>(() => bytes.slice())
  const latest = useRef(working)
  const undo = useRef<Uint8Array[]>([])
  const redo = useRef<Uint8Array[]>([])
  const show = (next: Uint8Array) => {
    latest.current = next
    setWorkingState(next)
  }
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
  const history: ChrHistory = {
    latest,
    show,
    remember: () => {
      undo.current = [...undo.current.slice(-HISTORY_LIMIT + 1), latest.current.slice()]
      redo.current = []
    },
    commit: (next) => {
      show(next)
      onChange(next.slice())
    },
  }
  const step = (back: boolean) => {
    const [from, to] = back ? [undo, redo] : [redo, undo]
    const previous = from.current.pop()
    if (!previous) return
    to.current.push(latest.current.slice())
    history.commit(previous)
  }
  return { working, history, step }
}

export function ChrEditor({ filename, bytes, projectFiles, onChange }: ChrEditorProps) {
  const { working, history, step } = useHistory(bytes, onChange)
  // Looked for once: the editor is remounted whenever its tab is shown again, and the project's files change
  // with every stroke saved, which must not rescan a large project.
  const [sources] = useState(() => findPaletteData(projectFiles ?? []))
  // The project's first sub-palette when it has palette data, else the editor's own four colours.
  const [palette, setPalette] = useState<number[]>(() => {
    const first = sources[0] && subPalettes(sources[0])[0]
    return first ? [...first.colours] : [...DEFAULT_CHR_PALETTE]
  })
  const [chosen, setChosen] = useState<string | undefined>(sources[0] ? '0:0' : undefined)
  const [colour, setColour] = useState(1)
  /** The tile last drawn on: shown large, and what flip and rotate change. */
  const [selected, setSelected] = useState(0)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const root = useRef<HTMLDivElement>(null)
  const tools = useChrTools(history, working, colour, setSelected)
  const tables = Math.max(1, Math.ceil(working.length / TABLE_BYTES))
  const selectedTable = Math.floor(selected / 256)

  const undoRedo = (back: boolean) => {
    if (!tools.dropFloating()) step(back)
  }
  const transform = (how: 'flip-h' | 'flip-v' | 'rotate') => {
    tools.place()
    history.remember()
    const next = history.latest.current.slice()
    transformTile(next, selected, how)
    history.commit(next)
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
    tools.place()
    history.remember()
    const current = history.latest.current
    const next = new Uint8Array(Math.max(current.length, result.bytes.length))
    next.set(current)
    next.set(result.bytes)
    history.commit(next)
  }

  const outlines = useMemo(
    () =>
      Array.from({ length: tables }, (_, table) => {
        const f = tools.floating
        if (f?.table === table) {
          return { rect: { x: f.x, y: f.y, w: f.block.w, h: f.block.h }, floating: true }
        }
        const s = tools.selection
        return s?.table === table ? { rect: s.rect, floating: false } : undefined
      }),
    [tables, tools.floating, tools.selection],
  )
  const tileOrigin = { x: (selected % 16) * 8, y: ((selected >> 4) % 16) * 8 }
  const tilePlace = { table: selectedTable, bounds: { ...tileOrigin, w: 8, h: 8 } }
  const shown = tools.display

  return (
    <div
      ref={root}
      className="studio-chred"
      data-testid="chr-editor"
      tabIndex={-1}
      onPointerDown={(e) => {
        // Keys (Ctrl+C/V/Z, Delete, Escape) reach the editor after drawing on a canvas.
        if (e.target instanceof HTMLCanvasElement) root.current?.focus({ preventScroll: true })
      }}
      onKeyDown={(e) => {
        if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return
        const key = e.key.toLowerCase()
        const mod = e.ctrlKey || e.metaKey
        if (mod && key === 'z' && !e.shiftKey) undoRedo(true)
        else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) undoRedo(false)
        else if (!tools.onKey(e, selectedTable)) return
        e.preventDefault()
      }}
    >
      <ChrPaletteBar
        palette={palette}
        colour={colour}
        sources={sources}
        chosen={chosen}
        onColour={setColour}
        onPalette={(next, key) => {
          setPalette(next)
          setChosen(key)
        }}
      />
      <ChrToolBar
        tools={tools}
        onUndo={() => undoRedo(true)}
        onRedo={() => undoRedo(false)}
        onPaste={() => tools.paste(selectedTable)}
        onImport={(file) => void importPng(file)}
        onExport={() => exportPng(history.latest.current, palette, filename)}
      />
      {problem && (
        <p className="studio-newfile__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="studio-chred__tables">
        <figure className="studio-chred__table">
          <ChrCanvas
            bytes={shown.subarray(selected * TILE_BYTES, (selected + 1) * TILE_BYTES)}
            palette={palette}
            columns={1}
            label={`Tile ${tileName(selected)}`}
            onStroke={(phase, x, y, inside) =>
              tools.stroke(tilePlace, phase, [tileOrigin.x + x, tileOrigin.y + y], inside)
            }
          />
          <figcaption className="studio-chr__caption studio-chred__tilebar">
            Tile {tileName(selected)}
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
              bytes={shown.subarray(table * TABLE_BYTES, (table + 1) * TABLE_BYTES)}
              palette={palette}
              label={`Pattern table ${table}`}
              outline={outlines[table]}
              onStroke={(phase, x, y, inside) =>
                tools.stroke(
                  { table, bounds: { x: 0, y: 0, w: 128, h: 128 } },
                  phase,
                  [x, y],
                  inside,
                )
              }
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
