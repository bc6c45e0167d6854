// A test-only trace of the room's messages (NETPLAY_TEST_TRACE=<file>, bench/netplay/press-picture.ts
// --trace): for each socket, when an input or frames message came in, when the room queued one to it and
// when it was written (after the test delay), on the wall clock the pages' probes use
// (performance.timeOrigin + performance.now()), so a wait in a page can be followed link by link. Off
// (undefined) in production: nothing is recorded or even formatted then.
import { appendFileSync, writeFileSync } from 'node:fs'

/** What happened to a message: came in from the browser, queued for it, written to it. */
export type TraceEvent = 'in' | 'queued' | 'written'

const FLUSH_EVERY_MS = 200

export class NetplayTrace {
  private lines: string[] = []
  private readonly timer: ReturnType<typeof setInterval>

  constructor(private readonly file: string) {
    writeFileSync(file, '')
    this.timer = setInterval(() => this.flush(), FLUSH_EVERY_MS)
    this.timer.unref()
    process.once('exit', this.flushNow)
  }

  private readonly flushNow = () => this.flush()

  /** Records `text` (a room message) for socket `member`, if it is one a lockstep wait can hang on. */
  record(event: TraceEvent, member: string, text: string): void {
    if (!/^\{"t":"(input|frames|hash)"/.test(text)) return
    const at = performance.timeOrigin + performance.now()
    this.lines.push(JSON.stringify({ at, e: event, m: member, x: text.slice(0, 120) }))
  }

  /** Writes what was recorded so far (also every 200 ms and when the process exits). */
  flush(): void {
    if (this.lines.length === 0) return
    appendFileSync(this.file, this.lines.join('\n') + '\n')
    this.lines = []
  }

  close(): void {
    clearInterval(this.timer)
    process.off('exit', this.flushNow)
    this.flush()
  }
}
