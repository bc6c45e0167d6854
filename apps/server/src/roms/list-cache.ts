// One serialized (and lazily compressed) list body per library revision. Recomputing and recompressing
// 10,000 entries costs more than a hundred milliseconds; an unchanged library costs one revision read.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

// Async zlib runs on libuv's thread pool: compressing megabytes must not stall other requests.
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type ListEncoding = 'br' | 'gzip' | 'identity'

const MIN_COMPRESS_BYTES = 1024

/** Picks br, then gzip, then identity from an Accept-Encoding header (q=0 means "not acceptable"). */
export function pickEncoding(acceptEncoding: string | undefined): ListEncoding {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return 'identity'
}

/** `body` in `encoding` (identity when it is under 1 KiB), compressed on libuv's thread pool. */
export async function encodeBody(
  body: Buffer,
  encoding: ListEncoding,
): Promise<{ body: Buffer; encoding: ListEncoding }> {
  if (encoding === 'identity' || body.length < MIN_COMPRESS_BYTES) {
    return { body, encoding: 'identity' }
  }
  return { body: await compress(body, encoding), encoding }
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 })
}

export class ListCache {
  // Promises, so concurrent requests for a new revision share one build and one compression.
  private entry:
    { etag: string; body: Promise<Buffer>; encoded: Map<ListEncoding, Promise<Buffer>> } | undefined

  /** The body for `etag`, built by `build()` only when the revision moved on. */
  async get(
    etag: string,
    encoding: ListEncoding,
    build: () => Promise<string | Buffer>,
  ): Promise<{ body: Buffer; encoding: ListEncoding }> {
    if (this.entry?.etag !== etag) {
      const entry = {
        etag,
        body: build().then((json) => (typeof json === 'string' ? Buffer.from(json, 'utf8') : json)),
        encoded: new Map<ListEncoding, Promise<Buffer>>(),
      }
      this.entry = entry
      // A failed build must not stay cached.
      entry.body.catch(() => {
        if (this.entry === entry) this.entry = undefined
      })
    }
    const { encoded } = this.entry
    const body = await this.entry.body
    if (encoding === 'identity' || body.length < MIN_COMPRESS_BYTES) {
      return { body, encoding: 'identity' }
    }
    let compressed = encoded.get(encoding)
    if (!compressed) {
      compressed = compress(body, encoding)
      encoded.set(encoding, compressed)
    }
    return { body: await compressed, encoding }
  }
}
