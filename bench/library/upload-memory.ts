// Peak server memory under many concurrent full-size uploads (issue 11, item 8): the server holds at
// most UPLOAD_MEMORY_BYTES of uploads at once and answers the rest 503 with Retry-After.
// Usage: npx tsx bench/library/upload-memory.ts [--uploads 40]
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createClient } from './lib/http-client'
import { makeRom, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'

const { values } = parseArgs({ options: { uploads: { type: 'string', default: '40' } } })
const UPLOADS = Number(values.uploads)

/** Resident set and its peak, in MB, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

const server = await startServer({ dataDir: tempDir('upload-memory') })
const pid = server.child.pid ?? 0
const client = createClient(server.url, UPLOADS)
try {
  const before = memoryOf(pid)
  // 8 MiB less the header and the multipart framing: each one is at the default cap.
  const bodies = Array.from({ length: UPLOADS }, (_, i) =>
    uploadBody(makeRom(511, 0, 1000 + i), `big-${i}.nes`, `Big ${i}`),
  )
  const started = performance.now()
  const results = await Promise.all(
    bodies.map(({ body, headers }) =>
      client.request('/api/roms', { method: 'POST', body, headers }),
    ),
  )
  const ms = performance.now() - started
  const count = (status: number) => results.filter((r) => r.status === status).length
  const after = memoryOf(pid)
  const retryAfter = results.find((r) => r.status === 503)?.headers['retry-after']
  console.log(
    `# upload-memory: ${UPLOADS} concurrent uploads of ${(bodies[0]?.body.length ?? 0) >> 20} MiB ` +
      `in ${ms.toFixed(0)} ms`,
  )
  console.log(
    `201: ${count(201)}  503: ${count(503)} (Retry-After: ${retryAfter ?? '-'})  other: ${
      results.length - count(201) - count(503)
    }`,
  )
  console.log(
    `server RSS before ${before.rss.toFixed(0)} MB, after ${after.rss.toFixed(0)} MB, ` +
      `peak ${after.peak.toFixed(0)} MB`,
  )
} finally {
  client.close()
  await server.stop()
}
