// HttpError is what services throw for a request that cannot be served; one handler renders every error.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiErrorBody, ApiErrorCode } from '@nes-studio/shared'
import { StorageFullError, StorageUnavailableError } from './storage/storage-errors'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }

  toJSON(): ApiErrorBody {
    return { error: { code: this.code, message: this.message } }
  }
}

/** The client closed the connection before its request was read: nothing to answer, not a fault. */
export class ClientGoneError extends Error {
  constructor(readonly cause: unknown) {
    super('The client closed the connection before the request was read.')
    this.name = 'ClientGoneError'
  }
}

/**
 * Fastify's and its plugins' own 4xx errors (bad JSON, wrong media type, ...) rendered in our shape.
 * Uploads of ROMs, saves and states answer size and type errors themselves, with their own codes; what
 * comes here is a body sent to a route that takes JSON or nothing (e.g. /api/unlock, a DELETE).
 */
function fromFastifyError(err: FastifyError, request: FastifyRequest): HttpError | undefined {
  const status = err.statusCode
  if (status === undefined || status < 400 || status >= 500) return undefined
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`
  if (status === 413) {
    return new HttpError(413, 'BodyTooLarge', `The request body is too large for ${route}.`)
  }
  if (status === 415) {
    const type = request.headers['content-type'] ?? ''
    return new HttpError(
      415,
      'UnsupportedMediaType',
      `${route} takes a JSON body or none, not "${type.slice(0, 100)}".`,
    )
  }
  // @fastify/send names the file's size in the error's Content-Range; the answer must carry it too.
  if (status === 416) return rangeNotSatisfiable(sizeFromContentRange(Reflect.get(err, 'headers')))
  // @fastify/static answers 403 for paths such as "/api//roms" or "/%2e%2e/": there is nothing there.
  if (status === 404 || status === 403) return new HttpError(404, 'NotFound', 'Not found.')
  // Fastify's and its parsers' messages are for programmers: the client gets ours.
  const fault = err.code ? BODY_FAULTS[err.code] : undefined
  if (!fault) request.log.info({ err }, 'unreadable request')
  return new HttpError(status, 'BadRequest', `${fault ?? 'The request cannot be read'} (${route}).`)
}

/** What Fastify's body-reading errors mean, by code. */
const BODY_FAULTS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON, but its Content-Type says it is',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty, but its Content-Type says it is JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The body is not as long as its Content-Length says',
}

/** The size @fastify/send gives in a 416's `Content-Range` (`bytes`, `*`, `/` and the size). */
function sizeFromContentRange(headers: unknown): number | undefined {
  const value = Object.entries(headers ?? {}).find(([name]) => /^content-range$/i.test(name))?.[1]
  const match = typeof value === 'string' ? /^bytes \*\/(\d+)$/.exec(value) : null
  return match ? Number(match[1]) : undefined
}

/**
 * A 416 for a `Range` none of whose ranges starts inside the file, with the `Content-Range` RFC 9110
 * asks it to carry (the file's size in bytes, so the client can ask again).
 */
export function rangeNotSatisfiable(size: number | undefined): HttpError {
  if (size === undefined) {
    return new HttpError(416, 'RangeNotSatisfiable', 'The requested byte range is not in the file.')
  }
  return new HttpError(
    416,
    'RangeNotSatisfiable',
    `None of the requested byte ranges is in the file (${size} bytes).`,
    { 'content-range': `bytes */${size}` },
  )
}

/** Faults of the database the operator must fix, told to the client in words it can act on. */
function fromStorageError(err: unknown): HttpError | undefined {
  if (err instanceof StorageFullError) {
    return new HttpError(
      507,
      'StorageFull',
      "The server's storage is full. Delete ROMs you no longer need (their space is free again a few " +
        "seconds later, once the delete can no longer be undone), or ask the server's owner to free disk space.",
    )
  }
  if (err instanceof StorageUnavailableError) {
    return new HttpError(503, 'StorageUnavailable', `${err.message} Try again in a few seconds.`, {
      'retry-after': '5',
    })
  }
  return undefined
}

function isClientGone(err: unknown, request: FastifyRequest): boolean {
  if (err instanceof ClientGoneError) return true
  const code = (err as { code?: unknown }).code
  return request.raw.aborted || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}

export function sendHttpError(reply: FastifyReply, httpError: HttpError): FastifyReply {
  // A body the handler did not read (early 4xx, 413, 503) would stall a client that keeps sending,
  // and a request pipelined behind it could never be parsed: end the connection after the answer.
  if (httpError.status === 413 || reply.request.raw.complete === false) {
    reply.header('connection', 'close')
  }
  return reply.status(httpError.status).headers(httpError.headers).send(httpError.toJSON())
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isClientGone(err, request)) {
      request.log.info({ code: (err as { code?: unknown }).code }, 'client closed the connection')
      return reply.status(400).header('connection', 'close').send()
    }
    const storageError = fromStorageError(err)
    if (storageError) {
      request.log.warn({ err }, storageError.message)
      return sendHttpError(reply, storageError)
    }
    const httpError = err instanceof HttpError ? err : fromFastifyError(err, request)
    // A 5xx a service chose (e.g. a damaged ROM) is still a fault the operator must see.
    if (httpError && httpError.status >= 500) request.log.error({ err }, httpError.message)
    if (httpError) return sendHttpError(reply, httpError)
    request.log.error({ err }, 'unhandled error')
    return sendHttpError(
      reply,
      new HttpError(500, 'InternalError', 'Something went wrong on the server.'),
    )
  })
}
