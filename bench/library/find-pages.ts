// Finding games in a library of 10,000 entries: GET /api/roms pages sorted (recently added, title,
// recently played) and filtered (mapper, region, saves, a search that also reads DAT names), each a
// 40-entry first page: latency and bytes per page, as sent (br, what browsers ask for) and unpacked.
// Usage: npx tsx bench/library/find-pages.ts [--entries 10000] [--requests 30]
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { NewRom } from '../../apps/server/src/storage/rom-store'
import { openSqliteRomStore } from '../../apps/server/src/storage/sqlite/sqlite-rom-store'
import { createClient } from './lib/http-client'
import { seedRom as seedRomBase } from './lib/seed-rom'
import { startServer, tempDir } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '30' },
  },
})
const ENTRIES = Math.min(50_000, Number(values.entries))
const REQUESTS = Math.min(1000, Number(values.requests))
const REGIONS = ['USA', 'Europe', 'Japan', 'Japan, USA', null]

/** Entry i: every third named by a DAT, regions and mappers spread over the library. */
function seedRom(i: number): NewRom {
  return {
    ...seedRomBase(i),
    mirroring: 'vertical',
    cartRegion: REGIONS[i % REGIONS.length] ?? null,
    ...(i % 3 === 0 ? { datName: `Named Game ${i} (USA)`, datRegion: 'USA' } : {}),
  }
}

async function seed(dataDir: string): Promise<void> {
  const store = await openSqliteRomStore({ file: path.join(dataDir, 'library.db') })
  const start = performance.now()
  for (let i = 0; i < ENTRIES; i++) {
    const rom = seedRom(i)
    await store.insert(rom)
    if (i % 7 === 0) {
      await store.updateEntry(rom.id, {
        lastPlayedAt: new Date(Date.UTC(2026, 5, 1) + i).toISOString(),
      })
    }
    if (i % 50 === 0) {
      await store.putBatterySave({
        romId: rom.id,
        bytes: new Uint8Array(8192),
        updatedAt: new Date().toISOString(),
      })
    }
  }
  console.log(`# seeded ${ENTRIES} entries in ${((performance.now() - start) / 1000).toFixed(1)} s`)
  await store.close()
}

const QUERIES: [string, string][] = [
  ['recently added', ''],
  ['title', 'sort=title'],
  ['recently played', 'sort=played'],
  ['mapper 2', 'mapper=2'],
  ['region usa', 'region=usa'],
  ['has saves', 'saves=yes'],
  ['search (DAT names)', 'q=named%20game%2099'],
  ['played + mapper + region', 'sort=played&mapper=2&region=japan'],
]

async function main() {
  const dataDir = tempDir('find')
  await seed(dataDir)
  const server = await startServer({ dataDir })
  const client = createClient(server.url, 4)
  try {
    console.log(
      `# first pages (limit 40) of ${ENTRIES} entries, ${REQUESTS} requests each; ${machineLine()}`,
    )
    for (const [label, query] of QUERIES) {
      const url = `/api/roms?offset=0&limit=40${query ? `&${query}` : ''}`
      const samples: number[] = []
      let sent = 0
      let total = 0
      for (let i = 0; i < REQUESTS; i++) {
        const res = await client.request(url, { headers: { 'accept-encoding': 'br, gzip' } })
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
        samples.push(res.ms)
        sent = res.body.length
      }
      const plain = await client.request(url, { headers: { 'accept-encoding': 'identity' } })
      total = (JSON.parse(plain.body.toString()) as { total: number }).total
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
      console.log(
        `${label.padEnd(26)} total ${String(total).padStart(5)}  br ${kib(sent).padStart(9)}  json ${kib(plain.body.length).padStart(9)}  ${describeSummary(summarize(samples))}`,
      )
    }
  } finally {
    client.close()
    await server.stop()
  }
}

await main()
