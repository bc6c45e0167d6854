// Drops an upload whose body stops moving. Node's request timeout (REQUEST_TIMEOUT_MS, 60 s) lets a
// body that sends nothing hold its upload memory reservation for a minute; here an upload must bring
// at least UPLOAD_STALL_MIN_BYTES in every window of `stallMs` until its body is complete, else it is
// answered 408 and its connection closed, which gives the reservation back (the reply's 'close').
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors'
import { answerOnSocket } from './framework-errors'

/** The stall window by default (UPLOAD_STALL_MS), in milliseconds. */
export const UPLOAD_STALL_MS_DEFAULT = 10_000

/**
 * Bytes an upload must bring in each stall window: 16 KiB in 10 s is 1.6 KB/s, far below the
 * 140 KB/s an 8 MiB upload needs to beat the request timeout, so only a stalled or trickling body
 * is dropped.
 */
export const UPLOAD_STALL_MIN_BYTES = 16 * 1024

const stalled = (stallMs: number) =>
  new HttpError(
    408,
    'RequestTimeout',
    `The upload stopped arriving (less than 16 KiB in ${stallMs / 1000} s) and was dropped. Send it again.`,
  )

/**
 * Watches the body of `request` from now on (its socket's byte count, so the stream itself is not
 * touched) until it is complete or the reply is done.
 */
export function watchUploadProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  stallMs: number,
): void {
  const socket = request.raw.socket
  // An injected request (tests) has a mock socket that counts nothing and cannot stall.
  if (typeof socket.bytesRead !== 'number') return
  let seen = socket.bytesRead
  const timer = setInterval(() => {
    if (request.raw.complete || socket.destroyed) return stop()
    const read = socket.bytesRead
    if (read - seen >= UPLOAD_STALL_MIN_BYTES) {
      seen = read
      return
    }
    stop()
    request.log.info({ bytesRead: read, stallMs }, 'upload stalled: dropped')
    // Once an answer has begun, only closing the connection is left.
    if (reply.raw.headersSent) socket.destroy()
    else answerOnSocket(socket, stalled(stallMs))
  }, stallMs)
  timer.unref()
  const stop = () => clearInterval(timer)
  reply.raw.once('close', stop)
}
