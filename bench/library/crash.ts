// Crash run: kill -9 the server while 50 uploads are in flight, restart it, and check that every
// acknowledged upload is there, nothing partial is visible, and SQLite's integrity check passes.
// Save states (200 KiB - 1 MiB each) are uploaded to a ROM of the round at the same time and checked
// the same way: every acknowledged state is there, every listed state has all its bytes.
// Usage: npx tsx bench/library/crash.ts [--rounds 5] [--uploads 50] [--concurrency 6] [--states 2] [--pg]
// --pg: the server uses PostgreSQL at TEST_DATABASE_URL (own schema); the check is then in SQL.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Database } from '../../apps/server/src/storage/sqlite/sqlite-driver'
import pg from 'pg'
import { createClient } from './lib/http-client'
import { benchSchema, createSchema } from './lib/pg-schema'
import type { BenchSchema } from './lib/pg-schema'
import { makeRom, sha256, uploadBody } from './lib/rom-files'
import { FAKE_PNG, makeState, stateUploadBody } from './lib/state-files'
import { startServer, tempDir } from './lib/server-process'
import { machineLine } from './lib/stats'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    uploads: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '6' },
    states: { type: 'string', default: '2' },
    pg: { type: 'boolean', default: false },
  },
})
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')
const ROUNDS = Math.min(50, Number(values.rounds))
const UPLOADS = Math.min(500, Number(values.uploads))
const CONCURRENCY = Math.min(32, Number(values.concurrency))
/** State uploads in flight beside the ROM uploads. */
const STATE_CONCURRENCY = Math.min(8, Number(values.states))
/** Per round and ROM, below the 100-a-ROM limit, so no acknowledged state is ever pruned. */
const STATES_PER_ROUND = 60

const sentByTitle = new Map<string, string>() // title -> sha256 of the bytes sent
const acknowledged = new Map<string, string>() // id -> sha256, for every 201 the client saw
let seed = 1000
const sentStates = new Set<string>() // sha256 of every state body sent
const ackedStates = new Map<string, string>() // state url -> sha256, for every 201 the client saw

interface StateTarget {
  id: string
  sha1: string
}

/** Uploads the ROM that this round's states belong to. */
async function addStateTarget(url: string): Promise<StateTarget> {
  const client = createClient(url, 1)
  const rom = makeRom(2, 1, seed++)
  const title = `States ${seed}`
  sentByTitle.set(title, sha256(rom))
  const up = uploadBody(rom, `states-${seed}.nes`, title)
  const res = await client.request('/api/roms', {
    method: 'POST',
    body: up.body,
    headers: up.headers,
  })
  client.close()
  if (res.status !== 201) throw new Error(`state target upload got ${res.status}`)
  return (JSON.parse(res.body.toString()) as { rom: StateTarget }).rom
}

async function uploadUntilKilled(
  url: string,
  killAfter: number,
  kill: () => Promise<void>,
  target: StateTarget,
) {
  const client = createClient(url, CONCURRENCY + STATE_CONCURRENCY)
  let next = 0
  let acks = 0
  let inFlightAtKill = 0
  let inFlight = 0
  let killing: Promise<void> | undefined
  let statesSent = 0
  let stateAcks = 0
  let statesInFlight = 0
  let statesInFlightAtKill = 0
  const uploadStates = async () => {
    while (statesSent < STATES_PER_ROUND && !killing) {
      statesSent++
      const state = makeState(200 * 1024 + ((seed * 7919) % (824 * 1024)), seed++)
      sentStates.add(sha256(state))
      const form = stateUploadBody(state, { romSha1: target.sha1, thumbnail: FAKE_PNG })
      statesInFlight++
      try {
        const res = await client.request(`/api/roms/${target.id}/states`, {
          method: 'POST',
          body: form.body,
          headers: form.headers,
        })
        if (res.status === 201) {
          const { state: dto } = JSON.parse(res.body.toString()) as { state: { url: string } }
          ackedStates.set(dto.url, sha256(state))
          stateAcks++
        } else if (res.status >= 400) {
          throw new Error(`state upload got ${res.status}: ${res.body.toString()}`)
        }
      } catch (err) {
        if (!killing) throw err
      } finally {
        statesInFlight--
      }
    }
  }
  await Promise.all([
    ...Array.from({ length: STATE_CONCURRENCY }, uploadStates),
    ...Array.from({ length: CONCURRENCY }, async () => {
      while (next < UPLOADS && !killing) {
        next++
        // 64 KiB .. 1 MiB so writes take long enough to be interrupted.
        const rom = makeRom(4 + (seed % 61), seed % 5, seed++)
        const title = `Crash ${seed}`
        sentByTitle.set(title, sha256(rom))
        const up = uploadBody(rom, `crash-${seed}.nes`, title)
        inFlight++
        try {
          const res = await client.request('/api/roms', {
            method: 'POST',
            body: up.body,
            headers: up.headers,
          })
          if (res.status === 201) {
            acknowledged.set(
              (JSON.parse(res.body.toString()) as { rom: { id: string } }).rom.id,
              sha256(rom),
            )
            if (++acks === killAfter && !killing) {
              inFlightAtKill = inFlight - 1
              statesInFlightAtKill = statesInFlight
              killing = kill()
            }
          } else if (res.status >= 500) {
            throw new Error(`upload got ${res.status}`)
          }
        } catch (err) {
          if (!killing) throw err // connection reset after the kill is expected
        } finally {
          inFlight--
        }
      }
    }),
  ])
  await killing
  client.close()
  return { acks, inFlightAtKill, stateAcks, statesInFlightAtKill }
}

/** Every listed state has all its bytes (as sent); every acknowledged state is listed. */
async function verifyStates(client: ReturnType<typeof createClient>, romIds: string[]) {
  const listed = new Set<string>()
  let partialStates = 0
  for (const id of romIds) {
    const res = await client.request(`/api/roms/${id}/states`)
    const { states } = JSON.parse(res.body.toString()) as {
      states: { url: string; size: number }[]
    }
    for (const state of states) {
      listed.add(state.url)
      const got = await client.request(state.url)
      if (got.status !== 200 || got.body.length !== state.size || !sentStates.has(sha256(got.body)))
        partialStates++
    }
  }
  const lostStates = [...ackedStates.keys()].filter((url) => !listed.has(url)).length
  return { states: listed.size, partialStates, lostStates }
}

async function verify(url: string) {
  const client = createClient(url, 4)
  const list = await client.request('/api/roms')
  const roms = (
    JSON.parse(list.body.toString()) as { roms: { id: string; title: string; fileSize: number }[] }
  ).roms
  let partial = 0
  for (const rom of roms) {
    const res = await client.request(`/api/roms/${rom.id}`)
    const hash = sha256(res.body)
    if (
      res.status !== 200 ||
      res.body.length !== rom.fileSize ||
      hash !== sentByTitle.get(rom.title)
    )
      partial++
  }
  const ids = new Set(roms.map((r) => r.id))
  const lost = [...acknowledged.keys()].filter((id) => !ids.has(id)).length
  const states = await verifyStates(client, [...ids])
  client.close()
  return { entries: roms.length, partial, lost, ...states }
}

async function pgIntegrity(s: BenchSchema) {
  const client = new pg.Client({ connectionString: s.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ bad: string }>(
      `SELECT (SELECT COUNT(*) FROM roms WHERE octet_length(bytes) <> file_size) +
         (SELECT COUNT(*) FROM save_states WHERE octet_length(bytes) <> size) AS bad`,
    )
    const { rows: idx } = await client.query<{ ok: boolean }>(
      'SELECT COUNT(*) = COUNT(DISTINCT sha1) AS ok FROM roms',
    )
    return {
      check: idx[0]?.ok ? 'ok' : 'duplicate sha1',
      foreignKeyProblems: 0,
      rowsWithoutBytes: Number(rows[0]?.bad ?? 0),
    }
  } finally {
    await client.end()
  }
}

function integrity(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const check = db.pragma('integrity_check', { simple: true })
    const fk = db.pragma('foreign_key_check') as unknown[]
    const orphans = db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM roms) - (SELECT COUNT(*) FROM rom_bytes) +
           (SELECT COUNT(*) FROM save_states) - (SELECT COUNT(*) FROM save_state_bytes) AS d`,
      )
      .get() as { d: number }
    return { check, foreignKeyProblems: fk.length, rowsWithoutBytes: orphans.d }
  } finally {
    db.close()
  }
}

async function main() {
  const dataDir = tempDir('crash')
  const dbFile = path.join(dataDir, 'library.db')
  const schema = pgUrl ? benchSchema(pgUrl, 'bench_crash') : undefined
  if (schema) await createSchema(schema)
  const databaseUrl = schema?.databaseUrl
  console.log(
    `# crash: ${ROUNDS} rounds x ${UPLOADS} uploads (${CONCURRENCY} in flight), kill -9 mid-run, ` +
      `store ${schema ? 'postgres' : 'sqlite'}; ${machineLine()}`,
  )
  let failed = false
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startServer({ dataDir, databaseUrl })
    const killAfter = 3 + Math.floor(Math.random() * Math.min(35, UPLOADS - 5))
    const target = await addStateTarget(server.url)
    const { acks, inFlightAtKill, stateAcks, statesInFlightAtKill } = await uploadUntilKilled(
      server.url,
      killAfter,
      () => server.kill9(),
      target,
    )
    const restarted = await startServer({ dataDir, databaseUrl })
    const v = await verify(restarted.url)
    await restarted.stop()
    const db = schema ? await pgIntegrity(schema) : integrity(dbFile)
    const ok =
      v.partial === 0 &&
      v.lost === 0 &&
      v.partialStates === 0 &&
      v.lostStates === 0 &&
      db.check === 'ok' &&
      !db.foreignKeyProblems &&
      !db.rowsWithoutBytes
    failed ||= !ok
    console.log(
      `round ${round}: killed after ${acks} acks with ${inFlightAtKill} uploads in flight; after restart ` +
        `${v.entries} entries, lost acked ${v.lost}, partial ${v.partial}, integrity_check ${db.check}, ` +
        `fk problems ${db.foreignKeyProblems}, rows without bytes ${db.rowsWithoutBytes}; ` +
        `states: ${stateAcks} acked this round, ${statesInFlightAtKill} in flight at the kill, ` +
        `${v.states} listed, lost acked ${v.lostStates}, ` +
        `partial ${v.partialStates} -> ${ok ? 'OK' : 'FAIL'}`,
    )
  }
  await schema?.drop()
  console.log(failed ? 'FAIL' : 'all rounds OK')
  if (failed) process.exitCode = 1
}

await main()
