// Crash run: kill -9 the server while 50 uploads are in flight, restart it, and check that every
// acknowledged upload is there, nothing partial is visible, and SQLite's integrity check passes.
// Usage: npx tsx bench/library/crash.ts [--rounds 5] [--uploads 50] [--concurrency 6] [--pg]
// --pg: the server uses PostgreSQL at TEST_DATABASE_URL (own schema); the check is then in SQL.
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import pg from 'pg'
import { createClient } from './lib/http-client'
import { benchSchema, createSchema } from './lib/pg-schema'
import type { BenchSchema } from './lib/pg-schema'
import { makeRom, sha256, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'
import { machineLine } from './lib/stats'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    uploads: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '6' },
    pg: { type: 'boolean', default: false },
  },
})
const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')
const ROUNDS = Math.min(50, Number(values.rounds))
const UPLOADS = Math.min(500, Number(values.uploads))
const CONCURRENCY = Math.min(32, Number(values.concurrency))

const sentByTitle = new Map<string, string>() // title -> sha256 of the bytes sent
const acknowledged = new Map<string, string>() // id -> sha256, for every 201 the client saw
let seed = 1000

async function uploadUntilKilled(url: string, killAfter: number, kill: () => Promise<void>) {
  const client = createClient(url, CONCURRENCY)
  let next = 0
  let acks = 0
  let inFlightAtKill = 0
  let inFlight = 0
  let killing: Promise<void> | undefined
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
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
  )
  await killing
  client.close()
  return { acks, inFlightAtKill }
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
  client.close()
  return { entries: roms.length, partial, lost }
}

async function pgIntegrity(s: BenchSchema) {
  const client = new pg.Client({ connectionString: s.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ bad: string }>(
      'SELECT COUNT(*) AS bad FROM roms WHERE octet_length(bytes) <> file_size',
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
      .prepare('SELECT (SELECT COUNT(*) FROM roms) - (SELECT COUNT(*) FROM rom_bytes) AS d')
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
    const { acks, inFlightAtKill } = await uploadUntilKilled(server.url, killAfter, () =>
      server.kill9(),
    )
    const restarted = await startServer({ dataDir, databaseUrl })
    const v = await verify(restarted.url)
    await restarted.stop()
    const db = schema ? await pgIntegrity(schema) : integrity(dbFile)
    const ok =
      v.partial === 0 &&
      v.lost === 0 &&
      db.check === 'ok' &&
      !db.foreignKeyProblems &&
      !db.rowsWithoutBytes
    failed ||= !ok
    console.log(
      `round ${round}: killed after ${acks} acks with ${inFlightAtKill} uploads in flight; after restart ` +
        `${v.entries} entries, lost acked ${v.lost}, partial ${v.partial}, integrity_check ${db.check}, ` +
        `fk problems ${db.foreignKeyProblems}, rows without bytes ${db.rowsWithoutBytes} -> ${ok ? 'OK' : 'FAIL'}`,
    )
  }
  await schema?.drop()
  console.log(failed ? 'FAIL' : 'all rounds OK')
  if (failed) process.exitCode = 1
}

await main()
