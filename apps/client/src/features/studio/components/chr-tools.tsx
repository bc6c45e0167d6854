// The CHR editor's drawing tools and what a pointer does with each, in pattern-table pixels: pencil (a drag joins
// its samples with lines), fill, line (previewed while dragging), and a rectangle selection that can be moved
// (the vacated area becomes colour 0), copied, cut, pasted (floating until placed) and cleared. Every change is one
// undo step, saved through the history.
import { useMemo, useRef, useState } from 'react'
import type { KeyboardEvent, MutableRefObject } from 'react'
import {
  clearRect,
  copyRect,
  drawLine,
  pasteBlock,
  rectContains,
  rectFromCorners,
  setTablePixel,
} from '../project/chr-draw'
import type { PixelBlock, PixelRect } from '../project/chr-draw'
import { fillTile } from '../project/chr-image'
import type { StrokePhase } from './chr-canvas'

export type Tool = 'pencil' | 'fill' | 'line' | 'select'
export const TOOLS: readonly { tool: Tool; label: string }[] = [
  { tool: 'pencil', label: 'Pencil' },
  { tool: 'fill', label: 'Fill' },
  { tool: 'line', label: 'Line' },
  { tool: 'select', label: 'Select' },
]

/** The editor's bytes and history, as the tools use them. */
export interface ChrHistory {
  /** The latest bytes (pointer events can come before React renders). */
  latest: MutableRefObject<Uint8Array>
  /** Shows bytes without saving them (a stroke in progress). */
  show: (bytes: Uint8Array) => void
  /** Pushes the latest bytes as an undo step. */
  remember: () => void
  /** Shows and saves bytes. */
  commit: (bytes: Uint8Array) => void
}

export interface Selection {
  table: number
  rect: PixelRect
}

/** Pixels lifted off the table (a move in progress, or a paste not placed yet) over the bytes under them. */
export interface Floating {
  table: number
  x: number
  y: number
  block: PixelBlock
  base: Uint8Array
  isPaste: boolean
}

type Point = [number, number]
type Drag =
  | { kind: 'paint'; table: number; last: Point | undefined }
  | { kind: 'line'; table: number; from: Point; base: Uint8Array }
  | { kind: 'select'; table: number; from: Point; bounds: PixelRect }
  | { kind: 'move'; from: Point; start: Point; moved: boolean }

/** Where a canvas's pixels lie in a pattern table: the whole table, or one tile of it (the large view). */
export interface CanvasPlace {
  table: number
  bounds: PixelRect
}

export function floatingBytes(floating: Floating): Uint8Array {
  const bytes = floating.base.slice()
  pasteBlock(bytes, floating.table, floating.x, floating.y, floating.block)
  return bytes
}

function useSynced<T>(initial: T): [MutableRefObject<T>, T, (value: T) => void] {
  const ref = useRef(initial)
  const [value, setValue] = useState(initial)
  const set = (next: T) => {
    ref.current = next
    setValue(next)
  }
  return [ref, value, set]
}

export function useChrTools(
  history: ChrHistory,
  working: Uint8Array,
  colour: number,
  onTile: (tile: number) => void,
) {
  const [tool, setToolState] = useState<Tool>('pencil')
  const [selectionRef, selection, setSelection] = useSynced<Selection | undefined>(undefined)
  const [floatingRef, floating, setFloating] = useSynced<Floating | undefined>(undefined)
  const [clipboard, setClipboard] = useState<PixelBlock | undefined>(undefined)
  const drag = useRef<Drag | undefined>(undefined)
  const { latest, show, remember, commit } = history

  const display = useMemo(() => (floating ? floatingBytes(floating) : working), [floating, working])
  const tileOf = (table: number, [x, y]: Point) => table * 256 + (y >> 3) * 16 + (x >> 3)

  /** Puts a floating block down: one undo step, and it becomes the selection. */
  const place = () => {
    const f = floatingRef.current
    if (!f) return
    setFloating(undefined)
    remember()
    commit(floatingBytes(f))
    const corner: Point = [f.x + f.block.w - 1, f.y + f.block.h - 1]
    setSelection({ table: f.table, rect: rectFromCorners([f.x, f.y], corner) })
  }
  const setTool = (next: Tool) => {
    place()
    setToolState(next)
  }

  const startSelect = (place_: CanvasPlace, at: Point) => {
    const f = floatingRef.current
    const s = selectionRef.current
    if (f) {
      const rect = { x: f.x, y: f.y, w: f.block.w, h: f.block.h }
      if (f.table === place_.table && rectContains(rect, ...at)) {
        drag.current = { kind: 'move', from: at, start: [f.x, f.y], moved: false }
      } else place() // a tap outside a floating paste puts it down
      return
    }
    if (s && s.table === place_.table && rectContains(s.rect, ...at)) {
      const base = latest.current.slice()
      clearRect(base, s.table, s.rect)
      const block = copyRect(latest.current, s.table, s.rect)
      setFloating({ table: s.table, x: s.rect.x, y: s.rect.y, block, base, isPaste: false })
      drag.current = { kind: 'move', from: at, start: [s.rect.x, s.rect.y], moved: false }
      return
    }
    drag.current = { kind: 'select', table: place_.table, from: at, bounds: place_.bounds }
    setSelection({ table: place_.table, rect: rectFromCorners(at, at) })
  }

  const dragTo = (at: Point, inside: boolean) => {
    const d = drag.current
    if (!d) return
    if (d.kind === 'paint') {
      if (!inside) {
        d.last = undefined
        return
      }
      const next = latest.current.slice()
      drawLine(next, d.table, d.last ?? at, at, colour)
      d.last = at
      show(next)
    } else if (d.kind === 'line') {
      const next = d.base.slice()
      drawLine(next, d.table, d.from, at, colour)
      show(next)
    } else if (d.kind === 'select') {
      const clip = (p: Point): Point => [
        Math.max(d.bounds.x, Math.min(d.bounds.x + d.bounds.w - 1, p[0])),
        Math.max(d.bounds.y, Math.min(d.bounds.y + d.bounds.h - 1, p[1])),
      ]
      setSelection({ table: d.table, rect: rectFromCorners(clip(d.from), clip(at)) })
    } else {
      const f = floatingRef.current
      if (!f) return
      const x = Math.max(1 - f.block.w, Math.min(127, d.start[0] + at[0] - d.from[0]))
      const y = Math.max(1 - f.block.h, Math.min(127, d.start[1] + at[1] - d.from[1]))
      if (x === f.x && y === f.y) return
      d.moved = true
      setFloating({ ...f, x, y })
    }
  }

  const finish = (at: Point) => {
    const d = drag.current
    drag.current = undefined
    if (!d) return
    if (d.kind === 'paint' || d.kind === 'line') {
      commit(latest.current.slice())
    } else if (d.kind === 'select') {
      // A tap without a drag drops the selection.
      if (at[0] === d.from[0] && at[1] === d.from[1]) setSelection(undefined)
    } else {
      const f = floatingRef.current
      if (!f || f.isPaste) return
      if (d.moved) place()
      else setFloating(undefined)
    }
  }

  const stroke = (where: CanvasPlace, phase: StrokePhase, at: Point, inside: boolean) => {
    if (phase === 'end') {
      finish(at)
      return
    }
    if (phase === 'move') {
      dragTo(at, inside)
      return
    }
    if (!inside) return
    if (tool === 'select') {
      startSelect(where, at)
      return
    }
    remember()
    onTile(tileOf(where.table, at))
    const next = latest.current.slice()
    if (tool === 'fill') {
      // A fill is done at once (inside the tile); the rest of the drag does nothing.
      fillTile(next, tileOf(where.table, at), at[0] & 7, at[1] & 7, colour)
      commit(next)
      return
    }
    setTablePixel(next, where.table, at[0], at[1], colour)
    drag.current =
      tool === 'line'
        ? { kind: 'line', table: where.table, from: at, base: latest.current.slice() }
        : { kind: 'paint', table: where.table, last: at }
    show(next)
  }

  const copy = () => {
    const f = floatingRef.current
    const s = selectionRef.current
    if (f) setClipboard(f.block)
    else if (s) setClipboard(copyRect(latest.current, s.table, s.rect))
  }
  const clear = () => {
    if (floatingRef.current) {
      // A paste not placed yet is simply dropped.
      setFloating(undefined)
      return
    }
    const s = selectionRef.current
    if (!s) return
    remember()
    const next = latest.current.slice()
    clearRect(next, s.table, s.rect)
    commit(next)
  }
  const cut = () => {
    copy()
    clear()
  }
  const paste = (fallbackTable: number) => {
    if (!clipboard) return
    place()
    const s = selectionRef.current
    const [table, x, y] = s ? [s.table, s.rect.x, s.rect.y] : [fallbackTable, 0, 0]
    setSelection(undefined)
    setFloating({ table, x, y, block: clipboard, base: latest.current.slice(), isPaste: true })
    setToolState('select')
  }
  const deselect = () => {
    setFloating(undefined)
    setSelection(undefined)
  }
  /** Before undo or redo: a paste not placed yet is dropped (that is what undoing it means). */
  const dropFloating = () => {
    const had = floatingRef.current !== undefined
    setFloating(undefined)
    return had
  }

  /** Keys of the selection tools; true when the key was used. */
  const onKey = (event: KeyboardEvent, fallbackTable: number): boolean => {
    const key = event.key.toLowerCase()
    if (event.ctrlKey || event.metaKey) {
      if (key === 'c') copy()
      else if (key === 'x') cut()
      else if (key === 'v') paste(fallbackTable)
      else return false
      return true
    }
    if (key === 'delete' || key === 'backspace') clear()
    else if (key === 'escape') deselect()
    else if (key === 'enter' && floatingRef.current) place()
    else return false
    return true
  }

  return {
    tool,
    setTool,
    selection,
    floating,
    display,
    hasClipboard: clipboard !== undefined,
    stroke,
    copy,
    cut,
    clear,
    paste,
    place,
    deselect,
    dropFloating,
    onKey,
  }
}
