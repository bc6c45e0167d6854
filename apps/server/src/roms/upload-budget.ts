// Bounds the memory uploads may hold at once. An upload is kept whole until it is stored (both
// backends write one value), so the bound is on bytes in flight, reserved when the request arrives.
// One client may hold only a share of it, so a few slow uploads from one address cannot hold every
// other client's off (uploads that stop moving are dropped as well: http/upload-stall.ts).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { HttpError } from '../errors'
import { clientKey } from '../http/client-key'
import { watchUploadProgress } from '../http/upload-stall'

/** The part of the budget one client may hold by default: a quarter. */
export const CLIENT_SHARE = 1 / 4

export class UploadBudget {
  private inUse = 0
  private readonly byClient = new Map<string, number>()

  /**
   * @param capacityBytes bytes of uploads that may be read at once.
   * @param clientShareBytes bytes of them one client may hold (a quarter by default).
   */
  constructor(
    readonly capacityBytes: number,
    readonly clientShareBytes = Math.floor(capacityBytes * CLIENT_SHARE),
  ) {}

  /**
   * Reserves `bytes` for `client` (http/client-key.ts), or returns undefined when they do not fit in
   * the budget or in the client's share; the release is idempotent. An upload larger than either
   * still runs when nothing else (of that client) is reserved.
   */
  tryReserve(bytes: number, client = ''): (() => void) | undefined {
    const held = this.byClient.get(client) ?? 0
    if (this.inUse > 0 && this.inUse + bytes > this.capacityBytes) return undefined
    if (held > 0 && held + bytes > this.clientShareBytes) return undefined
    this.inUse += bytes
    this.byClient.set(client, held + bytes)
    let released = false
    return () => {
      if (released) return
      released = true
      this.inUse -= bytes
      const left = (this.byClient.get(client) ?? bytes) - bytes
      if (left > 0) this.byClient.set(client, left)
      else this.byClient.delete(client)
    }
  }

  get reservedBytes(): number {
    return this.inUse
  }
}

/**
 * For an upload route's onRequest hook: reserves `bytes` of `budget` for the request's client until
 * the reply is done (its 'close' comes when it is sent and when the client goes away alike; the
 * request's own 'close' comes as soon as its body is read, while the upload still waits in memory for
 * the database), and drops the upload when its body stalls for `stallMs`. Throws `busy()` (503) when
 * the bytes do not fit.
 */
export function holdUploadMemory(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { budget: UploadBudget; bytes: number; stallMs: number; busy: () => HttpError },
): void {
  const release = opts.budget.tryReserve(opts.bytes, clientKey(request.ip))
  if (!release) throw opts.busy()
  reply.raw.once('close', release)
  watchUploadProgress(request, reply, opts.stallMs)
}
