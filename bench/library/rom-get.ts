// GET /api/roms/:id for a 256 KiB ROM versus a plain node:http + fs static server serving the same bytes.
// Usage: npx tsx bench/library/rom-get.ts [--requests 3000] [--concurrency 8] [--pg]
// --pg uses TEST_DATABASE_URL (source .ci/postgres.sh; start_test_postgres) instead of SQLite.
import { createReadStream, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createClient } from './lib/http-client'
import { benchSchema, createSchema } from './lib/pg-schema'
import { makeRom, sha256, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '8' },
    pg: { type: 'boolean', default: false },
  },
})
const REQUESTS = Math.min(20_000, Number(values.requests))
const CONCURRENCY = Math.min(64, Number(values.concurrency))
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')

async function measure(baseUrl: string, urlPath: string, expectHash: string) {
  const client = createClient(baseUrl, CONCURRENCY)
  const latencies: number[] = []
  let bytes = 0
  let next = 0
  // Warm-up: JIT, connections, page cache.
  for (let i = 0; i < 50; i++) await client.request(urlPath)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const res = await client.request(urlPath)
        if (res.status !== 200 || sha256(res.body) !== expectHash) {
          throw new Error(`bad response ${res.status} from ${baseUrl}${urlPath}`)
        }
        latencies.push(res.ms)
        bytes += res.body.length
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  client.close()
  return {
    rps: REQUESTS / seconds,
    mibps: bytes / seconds / 1048576,
    summary: summarize(latencies),
  }
}

async function main() {
  // 16 + 14*16 KiB + 4*8 KiB = 256 KiB + 16 bytes header.
  const rom = makeRom(14, 4, 42)
  const hash = sha256(rom)
  const dataDir = tempDir('get')
  const pg = pgUrl ? benchSchema(pgUrl, 'bench_get') : undefined
  if (pg) await createSchema(pg)
  const databaseUrl = pg?.databaseUrl
  const server = await startServer({ dataDir, databaseUrl })
  const staticFile = path.join(dataDir, 'rom.nes')
  writeFileSync(staticFile, rom)
  const plain = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': rom.length })
    createReadStream(staticFile).pipe(res)
  })
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r))
  const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`
  try {
    const up = uploadBody(rom, 'bench.nes', `bench ${Date.now()}`)
    const client = createClient(server.url, 1)
    const created = await client.request('/api/roms', {
      method: 'POST',
      body: up.body,
      headers: up.headers,
    })
    client.close()
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${created.body}`)
    const id = (JSON.parse(created.body.toString()) as { rom: { id: string } }).rom.id

    console.log(
      `# GET 256 KiB ROM: ${REQUESTS} requests, ${CONCURRENCY} concurrent, loopback; ${machineLine()}`,
    )
    console.log(`# store: ${databaseUrl ? 'postgres' : 'sqlite'}`)
    // Interleave to spread any machine noise evenly over both.
    const api1 = await measure(server.url, `/api/roms/${id}`, hash)
    const st1 = await measure(plainUrl, '/rom.nes', hash)
    const api2 = await measure(server.url, `/api/roms/${id}`, hash)
    const st2 = await measure(plainUrl, '/rom.nes', hash)
    const api = api1.rps > api2.rps ? api1 : api2
    const st = st1.rps > st2.rps ? st1 : st2
    const line = (name: string, r: typeof api) =>
      `${name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s ${r.mibps.toFixed(0).padStart(5)} MiB/s  ${describeSummary(r.summary)}`
    console.log(line('nes-studio /api/roms/:id', api))
    console.log(line('plain node:http + fs', st))
    console.log(`ratio (api / plain, req/s, best of 2 each): ${(api.rps / st.rps).toFixed(2)}`)
  } finally {
    plain.close()
    await server.stop()
    await pg?.drop()
  }
}

await main()
