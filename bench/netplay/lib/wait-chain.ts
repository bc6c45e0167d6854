// press-picture.ts --trace: for each long wait of a page, the chain of the pad it waited for, link by
// link: when the other page ran the frame after which it sent that pad, when it sent it, when the server
// took it, queued it for the waiting page and wrote it (after the test delay), when the waiting page's
// socket delivered it and when its loop ran the frame; plus each page's long tasks near the links and
// how far apart in time the two pages ran the same frames before the wait (their phase).
import { FRAME_MS } from '../../../apps/client/src/netplay/lockstep'
import type { PageRecord } from './page-probe'
import type { PageTrace, TracedMessage } from './page-trace'

/** One line of the server's trace (apps/server/src/netplay/test-trace.ts). */
export interface ServerTraceLine {
  at: number
  e: 'in' | 'queued' | 'written'
  m: string
  x: string
}

/** A traced page: what the probe and the trace recorded, its member id and pad. */
export interface TracedPage {
  name: string
  pad: 1 | 2
  record: PageRecord
  trace: PageTrace
}

/** The message's kind, first frame and number of frames (from its text, which may be cut short). */
export function framesOf(text: string): { t: string; f: number; n: number } | undefined {
  const head = /^\{"t":"(\w+)"(?:,"pad":\d)?,"f":(\d+),"p":\[(.*)/.exec(text)
  if (!head) return undefined
  const [, t, f, rest] = head as unknown as [string, string, string, string]
  // frames: [[1,2],[3,4]] (count the pairs); input: [1,2,3] (count the numbers).
  const n = t === 'frames' ? (rest.match(/\[/g)?.length ?? 1) : rest.split(',').length
  return { t, f: Number(f), n }
}

const covers = (text: string, frame: number, kind?: string) => {
  const m = framesOf(text)
  return m !== undefined && (!kind || m.t === kind) && m.f <= frame && frame < m.f + m.n
}

/** Each step's frame number, anchored by the hash the page sent right after running frame F. */
export function numberSteps(page: TracedPage): number[] | undefined {
  const steps = page.record.steps
  for (const [at, dir, text] of page.trace.messages) {
    const hash = dir === 'out' ? /^\{"t":"hash","f":(\d+)/.exec(text) : null
    if (!hash || at < (steps[0]?.[0] ?? Infinity)) continue
    let j = -1
    for (let k = 0; k < steps.length && steps[k]![0] <= at; k++) j = k
    if (j < 0) continue
    return steps.map((_, k) => Number(hash[1]) + (k - j))
  }
  return undefined
}

function memberOf(page: TracedPage): string | undefined {
  const welcome = page.trace.messages.find(
    ([, dir, text]) => dir === 'in' && text.startsWith('{"t":"welcome"'),
  )
  return welcome ? /"you":"([^"]+)"/.exec(welcome[2])?.[1] : undefined
}

const tasksIn = (page: TracedPage, from: number, to: number) =>
  page.trace.longTasks
    .filter(([start, ms]) => start < to && start + ms > from)
    .map(([start, ms, where]) => `${ms.toFixed(0)} ms at ${(start - from).toFixed(0)} (${where})`)

const gapsIn = (page: TracedPage, from: number, to: number) => {
  const gaps: string[] = []
  const steps = page.record.steps
  for (let k = 1; k < steps.length; k++) {
    const [a, b] = [steps[k - 1]![0], steps[k]![0]]
    if (b > from && a < to && b - a > 2 * FRAME_MS)
      gaps.push(`${(b - a - FRAME_MS).toFixed(0)} ms at ${(a - from).toFixed(0)}`)
  }
  return gaps
}

/** The chain of each wait over `overMs` on `x` (the other page `y`), as lines of text. */
export function explainWaits(
  x: TracedPage,
  y: TracedPage,
  server: ServerTraceLine[],
  overMs: number,
): string[] {
  const [xFrames, yFrames] = [numberSteps(x), numberSteps(y)]
  const [mx, my] = [memberOf(x), memberOf(y)]
  if (!xFrames || !yFrames || !mx || !my)
    return [`${x.name}: no frame numbers or member ids traced`]
  const out: string[] = []
  const steps = x.record.steps
  const yTimeOf = (frame: number) => y.record.steps[yFrames.indexOf(frame)]?.[0]
  for (let k = 1; k < steps.length; k++) {
    const [t0, t1] = [steps[k - 1]![0], steps[k]![0]]
    const waited = t1 - t0 - FRAME_MS
    if (waited <= overMs) continue
    const frame: number = xFrames[k]!
    const due = t0 + FRAME_MS
    const rel = (at: number | undefined) => (at === undefined ? '?' : `${(at - due).toFixed(1)}`)
    const sent: TracedMessage | undefined = y.trace.messages.find(
      ([, dir, text]) => dir === 'out' && covers(text, frame, 'input'),
    )
    const sentAt: number | undefined = sent?.[0]
    let yRan = -1
    y.record.steps.forEach((s, i) => {
      if (sentAt !== undefined && s[0] <= sentAt) yRan = i
    })
    const took = server.find((l) => l.e === 'in' && l.m === my && covers(l.x, frame, 'input'))
    const queued = server.find((l) => l.e === 'queued' && l.m === mx && covers(l.x, frame))
    const written = server.find(
      (l) =>
        l.e === 'written' &&
        l.m === mx &&
        queued !== undefined &&
        l.x === queued.x &&
        l.at >= queued.at,
    )
    const got = x.trace.messages.find(([, dir, text]) => dir === 'in' && covers(text, frame))
    const phaseFrame = frame - 30
    const yAt = yTimeOf(phaseFrame)
    const xAt = steps[xFrames.indexOf(phaseFrame)]?.[0]
    out.push(
      `${x.name} waited ${waited.toFixed(0)} ms for frame ${frame} (pad ${y.pad}); times from when it was due:\n` +
        `    ${y.name} ran frame ${yRan >= 0 ? yFrames[yRan] : '?'} at ${rel(y.record.steps[yRan]?.[0])}, ` +
        `sent the pad ${rel(sentAt)}; server took it ${rel(took?.at)}, queued it (${queued ? framesOf(queued.x)?.t : '?'}) ` +
        `${rel(queued?.at)}, wrote it ${rel(written?.at)}; ${x.name}'s socket delivered it ${rel(got?.[0])}, ` +
        `its loop ran it ${rel(t1)}\n` +
        `    phase: ${y.name} ran frame ${phaseFrame} ${xAt !== undefined && yAt !== undefined ? (yAt - xAt).toFixed(1) : '?'} ms after ${x.name}\n` +
        `    ${y.name}'s gaps over 2 frames before it sent: [${gapsIn(y, due - 200, sentAt ?? t1).join('; ')}]\n` +
        `    long tasks: ${x.name} [${tasksIn(x, due - 100, t1).join('; ')}], ` +
        `${y.name} [${sentAt !== undefined ? tasksIn(y, due - 200, sentAt).join('; ') : ''}]`,
    )
  }
  return out
}
