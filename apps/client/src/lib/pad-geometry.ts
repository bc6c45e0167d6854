// Where a finger on the on-screen pad lands, as NES buttons. Pure functions over positions and boxes, so
// the rules are tested without a browser: the d-pad is a 3×3 grid whose corners are diagonals, and a thumb
// on the gap between B and A presses both.
import type { NesButton } from '../emulator/types'

export interface Box {
  left: number
  top: number
  width: number
  height: number
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

/**
 * The directions held by a finger at (`x`, `y`) on a d-pad occupying `box`. The pad is a 3×3 grid: the
 * edge cells are single directions, the corner cells diagonals, the centre nothing. A finger that slid
 * off the pad keeps pointing the way it went (positions are clamped to the pad's edge).
 */
export function dpadButtonsAt(x: number, y: number, box: Box): NesButton[] {
  const column = Math.min(2, Math.floor(clamp01((x - box.left) / box.width) * 3))
  const row = Math.min(2, Math.floor(clamp01((y - box.top) / box.height) * 3))
  const held: NesButton[] = []
  if (row === 0) held.push('up')
  if (row === 2) held.push('down')
  if (column === 0) held.push('left')
  if (column === 2) held.push('right')
  return held
}

/** Extra reach around a button, in CSS pixels: a thumb is wider than a mouse pointer. */
export const TOUCH_SLOP_PX = 10

function contains(box: Box, x: number, y: number, slop: number): boolean {
  return (
    x >= box.left - slop &&
    x <= box.left + box.width + slop &&
    y >= box.top - slop &&
    y <= box.top + box.height + slop
  )
}

/**
 * The buttons held by a finger at (`x`, `y`) over buttons laid out in `boxes`. Inside one button (or
 * within the slop around it) presses that button; with `pairs`, between two neighbours on one row — the
 * gap between B and A — presses both.
 */
export function buttonsAt(
  x: number,
  y: number,
  boxes: readonly { button: NesButton; box: Box }[],
  { pairs = false, slop = TOUCH_SLOP_PX }: { pairs?: boolean; slop?: number } = {},
): NesButton[] {
  const hit = boxes.filter(({ box }) => contains(box, x, y, slop)).map(({ button }) => button)
  if (hit.length > 0 || !pairs) return hit
  const sorted = [...boxes].sort((p, q) => p.box.left - q.box.left)
  for (let i = 0; i + 1 < sorted.length; i++) {
    const left = sorted[i]!
    const right = sorted[i + 1]!
    const gapStart = left.box.left + left.box.width
    const top = Math.max(left.box.top, right.box.top) - slop
    const bottom = Math.min(left.box.top + left.box.height, right.box.top + right.box.height) + slop
    if (x > gapStart && x < right.box.left && y >= top && y <= bottom)
      return [left.button, right.button]
  }
  return []
}
