// A library of 10,000 entries with covers (issue 27 item 4): in Chromium, how long until the first rows
// are on screen and until the covers of the first screen have loaded, and the bytes the first screen
// costs (the page, list requests, cover images); and the bytes of one list page with and without covers.
// Covers are 64 distinct WebP pictures of 128x112 (coloured tiles, ~5.4 KB each) drawn and encoded by
// Chromium's canvas, as the player encodes a game's picture; entries share them, but each entry's
// cover has its own URL, so the browser fetches each.
// Usage: npm run build && npx tsx bench/library/covers-10k.ts [--entries 10000] [--runs 5] [--covers 1]
//   (--covers 0: the same library without covers, for comparison)
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync } from 'node:zlib'
import { coverVersionOf } from '../../apps/server/src/roms/cover.service'
import { openSqliteRomStore } from '../../apps/server/src/storage/sqlite/sqlite-rom-store'
import { launchBrowser } from '../../e2e/support/browser'
import { seedRom } from './lib/seed-rom'
import { startServer, tempDir } from './lib/server-process'
import { machineLine } from './lib/stats'

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    covers: { type: 'string', default: '1' },
  },
})
const ENTRIES = Math.min(50_000, Number(values.entries))
const RUNS = Math.min(20, Number(values.runs))
const WITH_COVERS = values.covers !== '0'
const DISTINCT_PICTURES = 64

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/** WebP covers encoded by Chromium's canvas, as the player makes them. */
async function makePictures(count: number): Promise<Uint8Array[]> {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    const encoded = await page.evaluate(async (n) => {
      const out: string[] = []
      for (let i = 0; i < n; i++) {
        const canvas = document.createElement('canvas')
        canvas.width = 128
        canvas.height = 112
        const g = canvas.getContext('2d')!
        for (let y = 0; y < 112; y += 8)
          for (let x = 0; x < 128; x += 8) {
            g.fillStyle = `hsl(${(x * 3 + y * 5 + i * 37) % 360} 60% ${30 + ((x ^ y ^ i) % 40)}%)`
            g.fillRect(x, y, 8, 8)
            g.fillStyle = '#000'
            g.fillRect(x + ((x + i) % 5), y + ((y + i) % 5), 2, 2)
          }
        const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/webp', 0.85))
        const bytes = new Uint8Array(await blob.arrayBuffer())
        out.push(btoa(String.fromCharCode(...bytes)))
      }
      return out
    }, count)
    return encoded.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')))
  } finally {
    await browser.close()
  }
}

interface FirstScreen {
  /** ms after navigation start: the first row on screen, and every cover in view decoded. */
  rowMs: number
  coversMs: number
  coversInView: number
  coverRequests: number
  coverBytes: number
  pageBytes: number
  listRequests: number
  listBytes: number
}

async function firstScreen(url: string): Promise<FirstScreen> {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.addInitScript(() => {
      const marks = ((window as unknown as { __marks: { rowMs?: number } }).__marks = {})
      new MutationObserver((_r, observer) => {
        if (!document.querySelector('[data-testid="rom-item"]')) return
        requestAnimationFrame((time) => ((marks as { rowMs?: number }).rowMs = time))
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${url}/`)
    await page.waitForFunction(
      () => (window as unknown as { __marks: { rowMs?: number } }).__marks.rowMs !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    )
    // The covers of the rows in the list's box: loaded and decoded.
    const coversMs = await page.evaluate(async (withCovers) => {
      if (!withCovers) return NaN
      const box = document.querySelector('.library__scroll')!.getBoundingClientRect()
      const covers = document.querySelectorAll<HTMLImageElement>('img[data-testid="rom-cover"]')
      const inView = Array.from(covers).filter((img) => {
        const r = img.getBoundingClientRect()
        return r.bottom > box.top && r.top < box.bottom
      })
      await Promise.all(inView.map((img) => img.decode()))
      return performance.now()
    }, WITH_COVERS)
    // No named functions inside: tsx's helpers for them do not exist in the page.
    return await page.evaluate((done) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const covers = resources.filter((e) => /\/cover\?v=/.test(e.name))
      const lists = resources.filter((e) => new URL(e.name).pathname === '/api/roms')
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const box = document.querySelector('.library__scroll')!.getBoundingClientRect()
      const inView = Array.from(document.querySelectorAll('[data-testid="rom-item"]')).filter(
        (el) => {
          const r = el.getBoundingClientRect()
          return r.bottom > box.top && r.top < box.bottom
        },
      )
      return {
        rowMs: (window as unknown as { __marks: { rowMs: number } }).__marks.rowMs,
        coversMs: done,
        coversInView: inView.length,
        coverRequests: covers.length,
        coverBytes: covers.reduce((n, e) => n + e.transferSize, 0),
        pageBytes: nav.transferSize,
        listRequests: lists.length,
        listBytes: lists.reduce((n, e) => n + e.transferSize, 0),
      }
    }, coversMs)
  } finally {
    await browser.close()
  }
}

const dataDir = tempDir('covers-10k')
const store = await openSqliteRomStore({ file: path.join(dataDir, 'library.db') })
const pictures = WITH_COVERS ? await makePictures(DISTINCT_PICTURES) : []
const seedStart = performance.now()
for (let i = 0; i < ENTRIES; i++) {
  const rom = seedRom(i)
  await store.insert(rom)
  const picture = pictures[i % DISTINCT_PICTURES]
  if (picture) {
    await store.putCover({
      romId: rom.id,
      type: 'image/webp',
      version: coverVersionOf(picture),
      bytes: picture,
      updatedAt: new Date().toISOString(),
    })
  }
}
await store.close()
const sizes = pictures.map((p) => p.length)
console.log(
  `# ${ENTRIES} entries ${WITH_COVERS ? `with WebP covers (${Math.min(...sizes)}-${Math.max(...sizes)} B, median ${median(sizes)} B)` : 'without covers'} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${machineLine()}`,
)

const server = await startServer({ dataDir })
try {
  const page = await fetch(`${server.url}/api/roms?offset=0&limit=40`)
  const json = Buffer.from(await page.arrayBuffer())
  console.log(
    `list page of 40 entries: ${json.length} B JSON, ${brotliCompressSync(json).length} B brotli`,
  )
  const runs: FirstScreen[] = []
  for (let run = 0; run < RUNS; run++) runs.push(await firstScreen(server.url))
  const at = (pick: (r: FirstScreen) => number) => median(runs.map(pick)).toFixed(0)
  console.log(
    `first rows on screen: median ${at((r) => r.rowMs)} ms after navigation (${runs.map((r) => r.rowMs.toFixed(0)).join(', ')}); ` +
      `covers of the first screen decoded: median ${at((r) => r.coversMs)} ms (${runs.map((r) => r.coversMs.toFixed(0)).join(', ')})`,
  )
  console.log(
    `first screen (medians of ${RUNS} cold browsers): ${at((r) => r.coversInView)} rows in view, ` +
      `page ${at((r) => r.pageBytes)} B (it carries the first list page), ` +
      `${at((r) => r.listRequests)} list requests ${at((r) => r.listBytes)} B, ` +
      `${at((r) => r.coverRequests)} cover requests ${at((r) => r.coverBytes)} B`,
  )
} finally {
  await server.stop()
}
