// Save-state round trip as the player does it: POST a ~14 KB state with a thumbnail into a slot (quick
// save), then GET it back (quick load); also the states list. Prints the medians and percentiles.
// Usage: npx tsx bench/library/state-roundtrip.ts [--iterations 200] [--size 14160] [--pg] [--url http://host:port]
// --url: measure a server that is already running (a ROM is uploaded to it and deleted afterwards).
import { parseArgs } from 'node:util'
import { createClient } from './lib/http-client'
import { benchSchema, createSchema } from './lib/pg-schema'
import { makeRom, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'
import type { ServerHandle } from './lib/server-process'
import { FAKE_PNG, makeState, stateUploadBody } from './lib/state-files'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '200' },
    size: { type: 'string', default: '14160' },
    pg: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
})
const ITERATIONS = Math.min(5000, Number(values.iterations))
const SIZE = Number(values.size)
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')

async function main() {
  const schema = pgUrl ? benchSchema(pgUrl, 'bench_states') : undefined
  if (schema) await createSchema(schema)
  let server: ServerHandle | undefined
  if (!values.url) {
    server = await startServer({ dataDir: tempDir('states'), databaseUrl: schema?.databaseUrl })
  }
  const url = values.url ?? server!.url
  const client = createClient(url, 1)
  console.log(
    `# state round trip: ${ITERATIONS} x (POST ${SIZE} B state + ${FAKE_PNG.length} B PNG into one ` +
      `slot, GET it back), one client, keep-alive; store ${values.url ? url : schema ? 'postgres' : 'sqlite'}; ` +
      machineLine(),
  )
  const rom = makeRom(2, 1, Date.now() % 100_000)
  const up = uploadBody(rom, 'state-bench.nes', `State bench ${Date.now()}`)
  const res = await client.request('/api/roms', {
    method: 'POST',
    body: up.body,
    headers: up.headers,
  })
  if (res.status !== 201) throw new Error(`ROM upload got ${res.status}: ${res.body.toString()}`)
  const target = (JSON.parse(res.body.toString()) as { rom: { id: string; sha1: string } }).rom

  const post: number[] = []
  const get: number[] = []
  const list: number[] = []
  const both: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const state = makeState(SIZE, i + 1)
    const form = stateUploadBody(state, {
      romSha1: target.sha1,
      slot: 'quick',
      thumbnail: FAKE_PNG,
    })
    const saved = await client.request(`/api/roms/${target.id}/states`, {
      method: 'POST',
      body: form.body,
      headers: form.headers,
    })
    if (saved.status !== 201) throw new Error(`POST got ${saved.status}: ${saved.body.toString()}`)
    const stateUrl = (JSON.parse(saved.body.toString()) as { state: { url: string } }).state.url
    const loaded = await client.request(stateUrl)
    if (loaded.status !== 200 || !loaded.body.equals(state))
      throw new Error('GET returned other bytes')
    const listed = await client.request(`/api/roms/${target.id}/states`)
    if (listed.status !== 200) throw new Error(`list got ${listed.status}`)
    // The first tenth warms up the server (JIT, statement cache) and is not counted.
    if (i < ITERATIONS / 10) continue
    post.push(saved.ms)
    get.push(loaded.ms)
    list.push(listed.ms)
    both.push(saved.ms + loaded.ms)
  }
  console.log(`POST state      ${describeSummary(summarize(post))}`)
  console.log(`GET state       ${describeSummary(summarize(get))}`)
  console.log(`POST + GET      ${describeSummary(summarize(both))}`)
  console.log(`GET states list ${describeSummary(summarize(list))}`)

  await client.request(`/api/roms/${target.id}`, { method: 'DELETE' })
  client.close()
  await server?.stop()
  await schema?.drop()
}

await main()
