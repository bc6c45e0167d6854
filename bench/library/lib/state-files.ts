// Save-state bodies for the benchmarks: state bytes from a seed, and the multipart upload form.
import { EMULATORJS_VERSION, SAVE_STATE_CORE, SAVE_STATE_FIELDS } from '@nes-studio/shared'
import type { SaveStateKind } from '@nes-studio/shared'

/** `size` bytes, mostly zeros with a seeded pattern, like a real state (RAM, registers). */
export function makeState(size: number, seed: number): Buffer {
  const state = Buffer.alloc(size)
  let x = (seed * 2654435761) >>> 0 || 1
  for (let i = 0; i + 4 <= size; i += 8) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    state.writeUInt32LE(x >>> 0, i)
  }
  return state
}

/** The 8-byte PNG signature plus filler: the server checks only the signature. */
export const FAKE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4000, 0x42),
])

export interface StateFormOptions {
  romSha1: string
  kind?: SaveStateKind
  slot?: string
  thumbnail?: Buffer
}

export function stateUploadBody(state: Buffer, opts: StateFormOptions) {
  const boundary = `----nesBenchState${Math.random().toString(36).slice(2)}`
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const file = (name: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`
  const fields =
    field(SAVE_STATE_FIELDS.core, SAVE_STATE_CORE) +
    field(SAVE_STATE_FIELDS.coreVersion, EMULATORJS_VERSION) +
    field(SAVE_STATE_FIELDS.romSha1, opts.romSha1) +
    field(SAVE_STATE_FIELDS.kind, opts.kind ?? 'manual') +
    (opts.slot ? field(SAVE_STATE_FIELDS.slot, opts.slot) : '')
  const body = Buffer.concat([
    Buffer.from(fields + file(SAVE_STATE_FIELDS.state, 'application/octet-stream')),
    state,
    ...(opts.thumbnail
      ? [Buffer.from(`\r\n${file(SAVE_STATE_FIELDS.thumbnail, 'image/png')}`), opts.thumbnail]
      : []),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
