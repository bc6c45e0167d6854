// Steps jsnes and fceumm frame by frame and finds the first frame whose pictures differ, under the alignment of the
// two cores' frames that agrees longest (core-compare.ts explains why the alignment is not always the same).
import type { NesButton } from '../types'
import { FCEUMM_LEAD_FRAMES, LEADS, diffPictures } from './core-compare'
import type { Lead } from './core-compare'

/** One core run frame by frame: a step runs one frame and answers its picture as entry classes. */
export interface SteppedCore {
  setButton(button: NesButton, down: boolean): void
  step(): Promise<Uint16Array>
}

export type CheckResult =
  | {
      kind: 'same'
      frames: number
      /** fceumm pictures before jsnes's first frame in the alignment that held (FCEUMM_LEAD_FRAMES usually). */
      lead: Lead
    }
  | {
      kind: 'different'
      /** The frame, counted as the debugger counts (jsnes frames since power on, from 1). */
      frame: number
      /** fceumm's picture is its frame `frame + lead`. */
      lead: Lead
      jsnes: Uint16Array
      fceumm: Uint16Array
      mask: Uint8Array
      count: number
    }

export interface CheckOptions {
  frames: number
  /** Buttons held during jsnes frame `frame` (1-based) and during fceumm's frame `frame + 1`; none by default. */
  buttons?: (frame: number) => readonly NesButton[]
  onProgress?: (frame: number) => void
  signal?: AbortSignal
}

const MAX_LEAD = Math.max(...LEADS)

/** Presses and releases a core's buttons as `buttons(frame)` says, from what it held before. */
function holdButtons(
  core: SteppedCore,
  held: Set<NesButton>,
  buttons: CheckOptions['buttons'],
  frame: number,
): Set<NesButton> {
  const now = new Set(frame >= 1 ? (buttons?.(frame) ?? []) : [])
  for (const b of held) if (!now.has(b)) core.setButton(b, false)
  for (const b of now) if (!held.has(b)) core.setButton(b, true)
  return now
}

type Difference = Extract<CheckResult, { kind: 'different' }>

/** The difference to report: the alignment that agreed longest, the usual one on a tie. */
function latest(found: Map<Lead, Difference>): Difference {
  return LEADS.map((lead) => found.get(lead)!).reduce((best, d) =>
    d.frame > best.frame ? d : best,
  )
}

/**
 * Steps both cores from power-on (fceumm up to MAX_LEAD pictures ahead) and compares jsnes frame N with fceumm's
 * picture N - 1 + lead for every lead; stops when every alignment has met a difference, or after `frames`.
 */
export async function findFirstDifference(
  jsnes: SteppedCore,
  fceumm: SteppedCore,
  options: CheckOptions,
): Promise<CheckResult> {
  const pictures: Uint16Array[] = [] // fceumm's, by picture number (0 = its first)
  let fceummHeld = new Set<NesButton>()
  const stepFceumm = async () => {
    // fceumm picture i matches jsnes frame i in the usual alignment: it gets that frame's buttons.
    fceummHeld = holdButtons(
      fceumm,
      fceummHeld,
      options.buttons,
      pictures.length + 1 - FCEUMM_LEAD_FRAMES,
    )
    pictures.push(await fceumm.step())
  }
  for (let i = 0; i < MAX_LEAD; i++) await stepFceumm()
  let jsnesHeld = new Set<NesButton>()
  const alive = new Set<Lead>(LEADS)
  const found = new Map<Lead, Difference>()
  let freed = 0
  for (let frame = 1; frame <= options.frames; frame++) {
    options.signal?.throwIfAborted()
    jsnesHeld = holdButtons(jsnes, jsnesHeld, options.buttons, frame)
    const a = await jsnes.step()
    await stepFceumm()
    for (const lead of [...alive]) {
      const b = pictures[frame - 1 + lead]!
      const { count, mask } = diffPictures(a, b)
      if (count === 0) continue
      alive.delete(lead)
      found.set(lead, { kind: 'different', frame, lead, jsnes: a, fceumm: b, mask, count })
    }
    if (alive.size === 0) break
    // the next frame compares with pictures from frame + (the smallest lead) on: drop the older ones
    for (; freed < frame + Math.min(...alive); freed++) pictures[freed] = EMPTY
    options.onProgress?.(frame)
  }
  const held = LEADS.find((lead) => alive.has(lead))
  if (held !== undefined) return { kind: 'same', frames: options.frames, lead: held }
  return latest(found)
}

const EMPTY = new Uint16Array(0)
