// Where a cold start's time goes: one cold run of our page (as vs-stock.ts drives it) under a Chromium
// trace (CDP Tracing, devtools.timeline), split into phases by the run's own times (navigation, page
// load, click, first lit frame, the game's picture). For each phase it prints the renderer main thread's
// busy time and its longest tasks, with what ran in them (script URL / function, layout, parse, GC).
// It also lists every frame's performance marks and resource timings (request start → response end).
// Usage: npm run build && npx tsx bench/player/trace-cold.ts [stock]   (TRACE_OUT=file.json keeps the trace)
import { writeFileSync } from 'node:fs'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { NES_COLOR, NES_RGB } from '../../e2e/support/nes-colors'
import { chooseRom } from '../../e2e/support/player-page'
import { buildSolidColorRom } from '../../e2e/support/roms'
import { installPictureProbe } from './picture-probe'
import type { PictureTimes } from './picture-probe'
import { startStockServer } from './stock-server'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time, µs: far below `dur` when the machine is busy and the thread waits. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> }
}

const isStock = process.argv[2] === 'stock'
const ROM = buildSolidColorRom(NES_COLOR.red)
const server = isStock ? await startStockServer('first.nes', ROM) : await startServer()
const browser = await launchBrowser()
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f' })
  await context.addInitScript(installPictureProbe, { rgb: [...NES_RGB.red], tolerance: 40 })
  await context.addInitScript(() => {
    const w = window as unknown as { __clickAt?: number }
    window.addEventListener(
      'click',
      () => (w.__clickAt ??= performance.timeOrigin + performance.now()),
      true,
    )
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'v8',
      ],
    },
    transferMode: 'ReportEvents',
  })
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'commit' })
  if (isStock) await page.locator('.ejs_start_button').click()
  else {
    await page.locator('[data-testid=cartridge-input]').waitFor({ state: 'attached' })
    await chooseRom(page, 'first.nes', ROM)
    await page.getByRole('button', { name: 'PRESS START' }).click()
  }
  let times: PictureTimes | undefined
  while (!times) {
    for (const frame of page.frames()) {
      const t = await frame.evaluate(() => window.__pictureTimes).catch(() => undefined)
      if (t?.picture) times = t
    }
    await page.waitForTimeout(100)
  }
  await page.waitForTimeout(300)
  const top = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    clickAt: (window as unknown as { __clickAt: number }).__clickAt,
    load: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
  }))
  const marks = await Promise.all(
    page
      .frames()
      .map((f) =>
        f
          .evaluate(() =>
            performance
              .getEntriesByType('mark')
              .map((m) => ({ name: m.name, at: performance.timeOrigin + m.startTime })),
          )
          .catch(() => []),
      ),
  )
  const resources = await Promise.all(
    page.frames().map((f) =>
      f
        .evaluate(() =>
          performance.getEntriesByType('resource').map((r) => {
            const e = r as PerformanceResourceTiming
            return {
              name: e.name.replace(location.origin, ''),
              start: performance.timeOrigin + e.startTime,
              end: performance.timeOrigin + e.responseEnd,
              bytes: e.transferSize,
            }
          }),
        )
        .catch(() => []),
    ),
  )
  await cdp.send('Tracing.end')
  await done
  if (process.env.TRACE_OUT)
    writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }))

  // Trace timestamps (µs, monotonic) → ms since navigation: anchor on the navigation's own
  // "navigationStart" mark of the top document.
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)
  if (!nav) throw new Error('No navigationStart in the trace')
  const at = (ts: number) => (ts - nav.ts) / 1000
  const rel = (epoch: number) => epoch - top.origin
  const phases: [string, number, number][] = [
    ['navigation → load', 0, top.load],
    ['load → click', top.load, rel(top.clickAt)],
    ['click → first lit frame', rel(top.clickAt), rel(times.firstLit)],
    ['first lit → game picture', rel(times.firstLit), rel(times.picture)],
  ]
  console.log(
    `times (ms from navigation): load ${top.load.toFixed(0)}, click ${rel(top.clickAt).toFixed(0)}, lit ${rel(times.firstLit).toFixed(0)}, picture ${rel(times.picture).toFixed(0)}`,
  )
  for (const m of marks.flat()) console.log(`  mark ${m.name}: ${rel(m.at).toFixed(0)} ms`)
  for (const r of resources.flat().sort((a, b) => a.start - b.start))
    console.log(
      `  fetch ${rel(r.start).toFixed(0)} → ${rel(r.end).toFixed(0)} ms ${(r.bytes / 1024).toFixed(1)} KB ${r.name.slice(0, 90)}`,
    )

  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`),
  )
  const inside = (task: TraceEvent) =>
    events.filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e !== task &&
        e.ts >= task.ts &&
        e.ts < task.ts + (task.dur ?? 0) &&
        (e.dur ?? 0) > 2000,
    )
  const label = (e: TraceEvent) => {
    const d = e.args?.data ?? e.args?.beginData ?? {}
    const what = [d.url, d.functionName, d.type].filter(Boolean).join(' ')
    return `${e.name}${what ? ` (${String(what).replace(server.baseUrl, '')})` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}ms`
  }
  for (const [name, from, to] of phases) {
    const inPhase = tasks.filter((t) => at(t.ts) >= from && at(t.ts) < to)
    const busy = inPhase.reduce((n, t) => n + (t.dur ?? 0) / 1000, 0)
    const cpu = inPhase.reduce((n, t) => n + (t.tdur ?? 0) / 1000, 0)
    console.log(
      `\n${name}: ${(to - from).toFixed(0)} ms, main thread busy ${busy.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms) in ${inPhase.length} tasks`,
    )
    for (const task of [...inPhase].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 8)) {
      const parts = inside(task)
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 5)
        .map(label)
      console.log(
        `  @${at(task.ts).toFixed(0)} ${((task.dur ?? 0) / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)}): ${parts.join('; ')}`,
      )
    }
  }
  await context.close()
} finally {
  await browser.close()
  await server.stop()
}
