// Single byte ranges for bodies the server holds in memory (RFC 9110 section 14). Static files get theirs
// from @fastify/send; this is for route handlers that send a Buffer.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { rangeNotSatisfiable } from '../errors'

/** Bytes `start` to `end` of a body, both 0-based and inclusive. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * What a Range header asks of a `size`-byte body: one range (clamped to the body), `'unsatisfiable'`
 * when it starts past the end (or is a suffix of 0 bytes), or undefined when the header is missing,
 * malformed or lists several ranges, all of which are answered with the whole body (RFC 9110 14.2).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(.*)$/i.exec(header)
  if (!match) return undefined
  const specs = (match[1] ?? '')
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '')
  if (specs.length !== 1) return undefined
  const spec = /^(\d*)-(\d*)$/.exec(specs[0] ?? '')
  const [first = '', last = ''] = spec ? spec.slice(1) : []
  if (!spec || (first === '' && last === '')) return undefined
  if (first === '') {
    // A suffix: the last `last` bytes, or the whole body when it is shorter.
    const length = Number(last)
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? Infinity : Number(last)
  if (end < start) return undefined
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(end, size - 1) }
}

/**
 * True when If-Range lets the Range apply: it is absent, or it is exactly `etag` (strong comparison; a
 * weak tag never matches, nor a date, since these bodies carry no Last-Modified, nor a repeated header).
 */
export function isRangeFresh(ifRange: string | string[] | undefined, etag: string): boolean {
  if (ifRange === undefined) return true
  return typeof ifRange === 'string' && ifRange.trim() === etag
}

/**
 * The part of a `size`-byte body a GET asks for, or undefined for the whole body. Other methods (HEAD
 * included) have no ranges. Throws 416 when the range lies past the end; call it before setting headers
 * that only fit the body (Content-Disposition), since the error reply keeps them.
 */
export function requestedRange(
  request: FastifyRequest,
  size: number,
  etag: string,
): ByteRange | undefined {
  if (request.method !== 'GET') return undefined
  if (!isRangeFresh(request.headers['if-range'], etag)) return undefined
  const range = parseRange(request.headers.range, size)
  if (range === 'unsatisfiable') throw rangeNotSatisfiable(size)
  return range
}

/** Sends `body` whole (200) or the part `range` names (206 with Content-Range); either says Accept-Ranges. */
export function sendBytes(
  reply: FastifyReply,
  body: Uint8Array,
  range: ByteRange | undefined,
): FastifyReply {
  reply.header('accept-ranges', 'bytes')
  if (!range) return reply.send(body)
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
    .send(body.subarray(range.start, range.end + 1))
}
