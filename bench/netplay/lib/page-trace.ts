// The page side of press-picture.ts --trace: in every frame of a page (added before it loads), the room
// socket's messages in and out (input, frames, hash, welcome) with when they were sent or delivered
// (the socket's `message` event, before the page's own onmessage handler), and the long tasks the
// browser reports (PerformanceObserver 'longtask': a task of 50 ms or more on that frame's main thread,
// GC inside a task included). Times are performance.timeOrigin + performance.now(), the probe's and the
// server trace's clock.
import type { BrowserContext, Page } from 'playwright-core'

/** A room message: when, 'out' (sent by the page) or 'in' (delivered to it), and its text (cut short). */
export type TracedMessage = [at: number, dir: 'in' | 'out', text: string]

/** A long task: when it started, how long it took (ms), and the frame that reported it. */
export type LongTask = [start: number, ms: number, where: string]

export interface PageTrace {
  messages: TracedMessage[]
  longTasks: LongTask[]
}

interface Traced {
  nesTrace?: PageTrace
}

/** Adds the recorders to every page of `context` from now on (call before the page loads). */
export async function traceContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const win = window as unknown as Traced & { WebSocket: typeof WebSocket }
    const trace: PageTrace = { messages: [], longTasks: [] }
    win.nesTrace = trace
    const now = () => performance.timeOrigin + performance.now()
    const wanted = /^\{"t":"(input|frames|hash|welcome)"/
    const Native = WebSocket
    class TracedSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols)
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string' && wanted.test(event.data)) {
            trace.messages.push([now(), 'in', event.data.slice(0, 160)])
          }
        })
      }
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
        if (typeof data === 'string' && wanted.test(data)) {
          trace.messages.push([now(), 'out', data.slice(0, 160)])
        }
        super.send(data)
      }
    }
    win.WebSocket = TracedSocket
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          trace.longTasks.push([
            performance.timeOrigin + entry.startTime,
            entry.duration,
            `${location.pathname} ${entry.name}`,
          ])
        }
      }).observe({ type: 'longtask', buffered: true })
    } catch {
      // no long-task timing in this browser: the trace says none
    }
  })
}

/** Everything the trace recorded in the page and its frames. */
export async function readTrace(page: Page): Promise<PageTrace> {
  const all: PageTrace = { messages: [], longTasks: [] }
  for (const frame of page.frames()) {
    const trace = await frame
      .evaluate(() => (window as unknown as Traced).nesTrace)
      .catch(() => undefined)
    if (!trace) continue
    all.messages.push(...trace.messages)
    all.longTasks.push(...trace.longTasks)
  }
  all.messages.sort((a, b) => a[0] - b[0])
  all.longTasks.sort((a, b) => a[0] - b[0])
  return all
}
