// GET /api/roms latency with 10,000 entries in the library (seeded through the store, 1 KiB ROMs).
// Usage: npx tsx bench/library/list-latency.ts [--entries 10000] [--requests 30] [--pg]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openPostgresRomStore } from '../../apps/server/src/storage/postgres/postgres-rom-store'
import {
  dropSchema,
  uniqueSchemaName,
} from '../../apps/server/src/storage/postgres/postgres-test-schema'
import type { NewRom } from '../../apps/server/src/storage/rom-store'
import { openSqliteRomStore } from '../../apps/server/src/storage/sqlite/sqlite-rom-store'
import { createClient } from './lib/http-client'
import { makeRom, uploadBody } from './lib/rom-files'
import { seedRom as seedRomBase } from './lib/seed-rom'
import { startServer, tempDir } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '30' },
    pg: { type: 'boolean', default: false },
  },
})
const ENTRIES = Math.min(50_000, Number(values.entries))
const REQUESTS = Math.min(1000, Number(values.requests))
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')

function seedRom(i: number): NewRom {
  return { ...seedRomBase(i), mirroring: i % 2 ? 'vertical' : 'horizontal' }
}

async function main() {
  const dataDir = tempDir('list')
  const schema = uniqueSchemaName('bench_list')
  const store = pgUrl
    ? await openPostgresRomStore({ connectionString: pgUrl, schema })
    : await openSqliteRomStore({ file: path.join(dataDir, 'library.db') })
  const seedStart = performance.now()
  for (let i = 0; i < ENTRIES; i++) await store.insert(seedRom(i))
  console.log(
    `# seeded ${ENTRIES} entries in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  )
  await store.close()

  const databaseUrl = pgUrl
    ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`
    : undefined
  const server = await startServer({ dataDir, databaseUrl })
  const client = createClient(server.url, 4)
  try {
    console.log(
      `# GET /api/roms with ${ENTRIES} entries, ${REQUESTS} requests each; ${machineLine()}`,
    )
    console.log(`# store: ${pgUrl ? 'postgres' : 'sqlite'}`)
    let seed = 1
    const change = async () => {
      const up = uploadBody(makeRom(1, 0, 900_000 + seed++), 'change.nes', `Change ${seed}`)
      const res = await client.request('/api/roms', {
        method: 'POST',
        body: up.body,
        headers: up.headers,
      })
      if (res.status !== 201) throw new Error(`upload failed: ${res.status}`)
    }
    let etag = ''
    for (const [label, encoding] of [
      ['identity', 'identity'],
      ['br (browser default)', 'br, gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const headers = { 'accept-encoding': encoding }
      for (const changed of [true, false]) {
        const samples: number[] = []
        let size = 0
        for (let i = 0; i < REQUESTS; i++) {
          if (changed) await change()
          const res = await client.request('/api/roms', { headers })
          if (res.status !== 200) throw new Error(`status ${res.status}`)
          samples.push(res.ms)
          size = res.body.length
          etag = String(res.headers.etag)
        }
        const what = changed ? 'after a change' : 'unchanged (cached)'
        console.log(
          `${label.padEnd(22)} ${what.padEnd(19)} ${(size / 1024).toFixed(0).padStart(6)} KiB  ${describeSummary(summarize(samples))}`,
        )
      }
    }
    const revalidate: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const res = await client.request('/api/roms', { headers: { 'if-none-match': etag } })
      if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`)
      revalidate.push(res.ms)
    }
    console.log(
      `${'If-None-Match'.padEnd(22)} ${'304'.padEnd(19)} ${'0'.padStart(6)} KiB  ${describeSummary(summarize(revalidate))}`,
    )
    const check = await client.request('/api/roms')
    const count = (JSON.parse(check.body.toString()) as { roms: unknown[] }).roms.length
    if (count !== ENTRIES + seed - 1)
      throw new Error(`expected ${ENTRIES + seed - 1} entries, got ${count}`)
  } finally {
    client.close()
    await server.stop()
    if (pgUrl) await dropSchema(pgUrl, schema)
  }
}

await main()
