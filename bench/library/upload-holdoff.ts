// Slow uploads holding others off (issue 24, defect 8): one client (127.0.0.1) opens `--held` uploads
// declaring 8 MiB bodies (the default cap: 8 of them fill the default budget) that send their first
// bytes and then nothing; meanwhile another client (127.0.0.2) and the
// holding client itself try a small upload every 250 ms. Prints, for each, how long after the held
// uploads opened its first 201 came and how many 503s it got before; and when the held uploads were
// answered (408 after the stall window, or the request timeout).
// Usage: npx tsx bench/library/upload-holdoff.ts [--held 8] [--give-up-s 90]
import http from 'node:http'
import net from 'node:net'
import { parseArgs } from 'node:util'
import { makeRom, uploadBody } from './lib/rom-files'
import { startServer, tempDir } from './lib/server-process'

const { values } = parseArgs({
  options: {
    held: { type: 'string', default: '8' },
    'give-up-s': { type: 'string', default: '90' },
  },
})
const HELD = Number(values.held)
const GIVE_UP_MS = Number(values['give-up-s']) * 1000

const server = await startServer({ dataDir: tempDir('upload-holdoff') })

/** An upload of a declared 8 MiB that stalls after its first bytes; resolves with its status line and when it came. */
function heldUpload(): Promise<{ status: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress: '127.0.0.1' })
    let answer = ''
    socket.on('connect', () =>
      socket.write(
        'POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 8388608\r\n' +
          'Content-Type: multipart/form-data; boundary=b\r\n\r\n--b\r\n',
      ),
    )
    socket.on('data', (d) => (answer += d.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () =>
      resolve({ status: answer.split('\r\n')[0] ?? '(none)', ms: performance.now() - started }),
    )
    setTimeout(() => socket.destroy(), GIVE_UP_MS).unref()
  })
}

function upload(localAddress: string, seed: number): Promise<number> {
  const { body, headers } = uploadBody(makeRom(2, 1, seed), `probe-${seed}.nes`, `Probe ${seed}`)
  return new Promise((resolve) => {
    const request = http.request(
      {
        port: server.port,
        host: '127.0.0.1',
        localAddress,
        method: 'POST',
        path: '/api/roms',
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    request.on('error', () => resolve(0))
    request.end(body)
  })
}

/** Uploads from `localAddress` every 250 ms until one gets 201; ms until then and the 503s before. */
async function firstAccepted(localAddress: string, from: number, seed: number) {
  let busy = 0
  for (let i = 0; performance.now() - from < GIVE_UP_MS; i++) {
    const status = await upload(localAddress, seed + i)
    if (status === 201) return { ms: performance.now() - from, busy }
    if (status === 503) busy++
    await new Promise((r) => setTimeout(r, 250))
  }
  return { ms: Number.NaN, busy }
}

try {
  const held = Array.from({ length: HELD }, () => heldUpload())
  await new Promise((r) => setTimeout(r, 300))
  const from = performance.now()
  const [other, same] = await Promise.all([
    firstAccepted('127.0.0.2', from, 5000),
    firstAccepted('127.0.0.1', from, 6000),
  ])
  const answers = await Promise.all(held)
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b)
  console.log(`# upload-holdoff: ${HELD} stalled uploads from 127.0.0.1`)
  console.log(
    `another client (127.0.0.2): first 201 after ${other.ms.toFixed(0)} ms, ${other.busy} x 503 before`,
  )
  console.log(
    `the holding client (127.0.0.1): first 201 after ${same.ms.toFixed(0)} ms, ${same.busy} x 503 before`,
  )
  console.log(
    `stalled uploads answered: ${[...new Set(answers.map((a) => a.status))].join(', ')}; ` +
      `after ${(ms[0] ?? 0).toFixed(0)}-${(ms[ms.length - 1] ?? 0).toFixed(0)} ms`,
  )
} finally {
  await server.stop()
}
