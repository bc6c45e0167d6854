import { act, cleanup, renderHook } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { getTablePixel } from '../project/chr-draw'
import { useChrTools } from './chr-tools'
import type { CanvasPlace, ChrHistory } from './chr-tools'

afterEach(cleanup)

const TABLE: CanvasPlace = { table: 0, bounds: { x: 0, y: 0, w: 128, h: 128 } }

/** The tools over a 4 KiB table with a history that records undo steps and saves. */
function useHarness() {
  const [working, setWorking] = useState<Uint8Array>(() => new Uint8Array(4096))
  const latest = useRef<Uint8Array>(working)
  const undo = useRef<Uint8Array[]>([])
  const saved = useRef<Uint8Array[]>([])
  const history: ChrHistory = {
    latest,
    show: (bytes) => {
      latest.current = bytes
      setWorking(bytes)
    },
    remember: () => undo.current.push(latest.current.slice()),
    commit: (bytes) => {
      history.show(bytes)
      saved.current.push(bytes.slice())
    },
  }
  const tools = useChrTools(history, working, 3, () => undefined)
  return { tools, undo, saved }
}

function drawn(bytes: Uint8Array): string[] {
  const out: string[] = []
  for (let y = 0; y < 128; y += 1)
    for (let x = 0; x < 128; x += 1) {
      const c = getTablePixel(bytes, 0, x, y)
      if (c !== 0) out.push(`${x},${y}=${c}`)
    }
  return out
}
const row = (y: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${from + i},${y}=3`)

type Harness = ReturnType<typeof renderHook<ReturnType<typeof useHarness>, unknown>>

function dragOn(h: Harness, points: [number, number][]) {
  act(() => h.result.current.tools.stroke(TABLE, 'start', points[0]!, true))
  for (const p of points.slice(1)) act(() => h.result.current.tools.stroke(TABLE, 'move', p, true))
  act(() => h.result.current.tools.stroke(TABLE, 'end', points.at(-1)!, true))
}

function withLine() {
  const h = renderHook(useHarness)
  act(() => h.result.current.tools.setTool('line'))
  dragOn(h, [
    [2, 3],
    [20, 3],
    [12, 3],
  ])
  return h
}

describe('useChrTools', () => {
  it('line: the preview follows the pointer; the end saves once, as one undo step', () => {
    const h = withLine()
    expect(h.result.current.saved.current).toHaveLength(1)
    expect(h.result.current.undo.current).toHaveLength(1)
    expect(drawn(h.result.current.saved.current[0]!)).toEqual(row(3, 2, 12))
  })
  it('select and drag: the selection moves, the vacated area is colour 0, one undo step', () => {
    const h = withLine()
    act(() => h.result.current.tools.setTool('select'))
    dragOn(h, [
      [0, 0],
      [15, 7],
    ])
    expect(h.result.current.tools.selection).toEqual({
      table: 0,
      rect: { x: 0, y: 0, w: 16, h: 8 },
    })
    dragOn(h, [
      [5, 3],
      [10, 6],
      [21, 11],
    ])
    expect(h.result.current.saved.current).toHaveLength(2)
    expect(h.result.current.undo.current).toHaveLength(2)
    expect(drawn(h.result.current.saved.current[1]!)).toEqual(row(11, 18, 28))
    expect(h.result.current.tools.selection?.rect).toEqual({ x: 16, y: 8, w: 16, h: 8 })
  })
  it('paste floats over the bytes without saving until placed; Escape-style deselect drops it', () => {
    const h = withLine()
    act(() => h.result.current.tools.setTool('select'))
    dragOn(h, [
      [0, 0],
      [15, 7],
    ])
    act(() => h.result.current.tools.copy())
    act(() => h.result.current.tools.paste(0))
    dragOn(h, [
      [4, 3],
      [4, 27],
    ])
    expect(h.result.current.saved.current).toHaveLength(1) // only the line
    expect(drawn(h.result.current.tools.display)).toEqual([...row(3, 2, 12), ...row(27, 2, 12)])
    act(() => h.result.current.tools.place())
    expect(h.result.current.saved.current).toHaveLength(2)
    expect(drawn(h.result.current.saved.current[1]!)).toEqual([...row(3, 2, 12), ...row(27, 2, 12)])

    act(() => h.result.current.tools.paste(0))
    expect(h.result.current.tools.floating?.isPaste).toBe(true)
    act(() => h.result.current.tools.deselect())
    expect(h.result.current.tools.floating).toBeUndefined()
    expect(h.result.current.saved.current).toHaveLength(2)
  })
  it('clear sets the selection to colour 0 in one step; a tap without a drag drops the selection', () => {
    const h = withLine()
    act(() => h.result.current.tools.setTool('select'))
    dragOn(h, [
      [4, 0],
      [7, 7],
    ])
    act(() => h.result.current.tools.clear())
    expect(drawn(h.result.current.saved.current[1]!)).toEqual([...row(3, 2, 3), ...row(3, 8, 12)])
    dragOn(h, [[60, 60]])
    expect(h.result.current.tools.selection).toBeUndefined()
  })
})
