// Bounded load on loopback: 20 concurrent clients, 2,000 mixed requests (upload, list, get, delete).
// Each whole list must show every ROM its client had stored and none it had deleted; at the end every
// server's whole list must equal the others' and the list read in pages.
// Passes only with zero 5xx and every GET returning exactly the uploaded bytes.
// Usage: npx tsx bench/library/load.ts [--clients 20] [--requests 2000] [--pg [--servers 2]]
// --pg: PostgreSQL at TEST_DATABASE_URL, shared by --servers app servers (clients spread over them).
import { parseArgs } from 'node:util'
import {
  dropSchema,
  uniqueSchemaName,
} from '../../apps/server/src/storage/postgres/postgres-test-schema'
import { createClient } from './lib/http-client'
import { makeRom, sha256, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'
import type { ServerHandle } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '2000' },
    pg: { type: 'boolean', default: false },
    servers: { type: 'string', default: '2' },
  },
})
const CLIENTS = Math.min(100, Number(values.clients))
const REQUESTS = Math.min(20_000, Number(values.requests))
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')
const SERVERS = pgUrl ? Math.min(4, Number(values.servers)) : 1

type Kind = 'upload' | 'duplicate' | 'list' | 'get' | 'delete'
const latencies: Record<Kind, number[]> = {
  upload: [],
  duplicate: [],
  list: [],
  get: [],
  delete: [],
}
const statuses = new Map<string, number>()
let serverErrors = 0
let mismatches = 0
/** Whole-list answers missing a ROM the client had stored, or showing one it had deleted. */
let listMismatches = 0
let unexpected = 0
let seed = 1

function pick(owned: number): Kind {
  const r = Math.random()
  if (owned === 0 || r < 0.3) return 'upload'
  if (r < 0.35) return 'duplicate'
  if (r < 0.55) return 'list'
  if (r < 0.9) return 'get'
  return 'delete'
}

const listedIds = (body: Buffer) =>
  (JSON.parse(body.toString()) as { roms: { id: string }[] }).roms.map((rom) => rom.id)

/** After the load: every server's whole list is the same, and the same as the list read in pages. */
async function crossCheckLists(servers: ServerHandle[]): Promise<void> {
  const wholes: string[] = []
  for (const server of servers) {
    const client = createClient(server.url, 1)
    try {
      wholes.push(listedIds((await client.request('/api/roms')).body).join())
      const paged: string[] = []
      for (let offset = 0; ; offset += 500) {
        const page = await client.request(`/api/roms?offset=${offset}&limit=500`)
        const ids = listedIds(page.body)
        paged.push(...ids)
        if (ids.length < 500) break
      }
      if (paged.join() !== wholes[wholes.length - 1]) listMismatches++
    } finally {
      client.close()
    }
  }
  if (new Set(wholes).size !== 1) listMismatches++
}

async function runClient(baseUrl: string, quota: () => boolean): Promise<void> {
  const client = createClient(baseUrl, 1)
  const mine = new Map<string, Buffer>() // id -> bytes this client uploaded and has not deleted
  const deleted: string[] = [] // ids this client deleted (204)
  try {
    while (quota()) {
      const kind = pick(mine.size)
      const ids = [...mine.keys()]
      const id = ids[Math.floor(Math.random() * ids.length)] ?? ''
      let expected: number
      let res
      if (kind === 'upload' || kind === 'duplicate') {
        const again = kind === 'duplicate' && mine.size > 0 ? mine.get(id) : undefined
        const rom = again ?? makeRom(1 + (seed % 8), seed % 3, seed++)
        const up = uploadBody(rom, `load-${seed}.nes`, `Load ${seed}`)
        res = await client.request('/api/roms', {
          method: 'POST',
          body: up.body,
          headers: up.headers,
        })
        expected = again ? 409 : 201
        if (res.status === 201) {
          mine.set((JSON.parse(res.body.toString()) as { rom: { id: string } }).rom.id, rom)
        }
      } else if (kind === 'list') {
        const stored = [...mine.keys()]
        const gone = [...deleted]
        res = await client.request('/api/roms')
        expected = 200
        if (res.status === 200) {
          const listed = new Set(listedIds(res.body))
          if (stored.some((x) => !listed.has(x)) || gone.some((x) => listed.has(x))) {
            listMismatches++
          }
        }
      } else if (kind === 'get') {
        res = await client.request(`/api/roms/${id}`)
        expected = 200
        if (res.status === 200 && sha256(res.body) !== sha256(mine.get(id) ?? Buffer.alloc(0)))
          mismatches++
      } else {
        res = await client.request(`/api/roms/${id}`, { method: 'DELETE' })
        expected = 204
        mine.delete(id)
        if (res.status === 204) deleted.push(id)
      }
      latencies[kind].push(res.ms)
      const key = `${kind} ${res.status}`
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
      if (res.status >= 500) serverErrors++
      if (res.status !== expected) unexpected++
    }
  } finally {
    client.close()
  }
}

async function main() {
  const schema = uniqueSchemaName('bench_load')
  const databaseUrl = pgUrl
    ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`
    : undefined
  const servers: ServerHandle[] = []
  try {
    if (pgUrl) {
      const { openPostgresRomStore } =
        await import('../../apps/server/src/storage/postgres/postgres-rom-store')
      await (await openPostgresRomStore({ connectionString: pgUrl, schema })).close()
    }
    const dataDir = tempDir('load')
    for (let i = 0; i < SERVERS; i++) servers.push(await startServer({ dataDir, databaseUrl }))
    let issued = 0
    const quota = () => issued++ < REQUESTS
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        runClient((servers[i % servers.length] as ServerHandle).url, quota),
      ),
    )
    const seconds = (performance.now() - started) / 1000
    await crossCheckLists(servers)
    console.log(
      `# load: ${REQUESTS} requests, ${CLIENTS} clients, ${SERVERS} server(s), store ${pgUrl ? 'postgres' : 'sqlite'}; ${machineLine()}`,
    )
    console.log(`total ${seconds.toFixed(1)} s, ${(REQUESTS / seconds).toFixed(0)} req/s`)
    for (const [kind, samples] of Object.entries(latencies)) {
      if (samples.length) console.log(`${kind.padEnd(10)} ${describeSummary(summarize(samples))}`)
    }
    console.log(
      `statuses: ${[...statuses.entries()]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    )
    console.log(
      `5xx: ${serverErrors}, byte mismatches: ${mismatches}, unexpected statuses: ${unexpected}, ` +
        `whole-list mismatches: ${listMismatches}`,
    )
    if (serverErrors || mismatches || unexpected || listMismatches) process.exitCode = 1
  } finally {
    for (const s of servers) await s.stop()
    if (pgUrl) await dropSchema(pgUrl, schema)
  }
}

await main()
