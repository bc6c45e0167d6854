// GET /api/roms latency with 10,000 entries in the library (seeded through the store, 1 KiB ROMs).
// Usage: npx tsx bench/library/list-latency.ts [--entries 10000] [--requests 60] [--pg]
import { createHash, randomUUID } from 'node:crypto'
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
import { startServer, tempDir } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '60' },
    pg: { type: 'boolean', default: false },
  },
})
const ENTRIES = Math.min(50_000, Number(values.entries))
const REQUESTS = Math.min(1000, Number(values.requests))
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')

function seedRom(i: number): NewRom {
  const bytes = new Uint8Array(1040)
  bytes.set([0x4e, 0x45, 0x53, 0x1a, 1, 0])
  new DataView(bytes.buffer).setUint32(16, i)
  return {
    id: randomUUID(),
    title: `Seeded ROM number ${i}`,
    fileName: `seeded-rom-${i}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    mapper: i % 5,
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 0,
    mirroring: i % 2 ? 'vertical' : 'horizontal',
    battery: false,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes.subarray(16)).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  }
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
    for (const [label, encoding] of [
      ['identity', 'identity'],
      ['br (browser default)', 'br, gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const samples: number[] = []
      let size = 0
      for (let i = 0; i < 5; i++)
        await client.request('/api/roms', { headers: { 'accept-encoding': encoding } })
      for (let i = 0; i < REQUESTS; i++) {
        const res = await client.request('/api/roms', { headers: { 'accept-encoding': encoding } })
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        samples.push(res.ms)
        size = res.body.length
      }
      console.log(
        `${label.padEnd(22)} ${(size / 1024).toFixed(0).padStart(6)} KiB  ${describeSummary(summarize(samples))}`,
      )
    }
    const check = await client.request('/api/roms')
    const count = (JSON.parse(check.body.toString()) as { roms: unknown[] }).roms.length
    if (count !== ENTRIES) throw new Error(`expected ${ENTRIES} entries, got ${count}`)
  } finally {
    client.close()
    await server.stop()
    if (pgUrl) await dropSchema(pgUrl, schema)
  }
}

await main()
