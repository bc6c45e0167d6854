// HttpError is what services throw for a request that cannot be served; one handler renders every error.
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ApiErrorBody, ApiErrorCode } from '@nes-studio/shared'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }

  toJSON(): ApiErrorBody {
    return { error: { code: this.code, message: this.message } }
  }
}

/** Fastify's own 4xx errors (bad JSON, wrong media type, ...) rendered in our shape. */
function fromFastifyError(err: FastifyError): HttpError | undefined {
  const status = err.statusCode
  if (status === undefined || status < 400 || status >= 500) return undefined
  if (status === 413) return new HttpError(413, 'RomTooLarge', 'The request body is too large.')
  if (status === 415) {
    return new HttpError(415, 'UnsupportedMediaType', 'Send the ROM as multipart/form-data.')
  }
  if (status === 404) return new HttpError(404, 'NotFound', 'Not found.')
  return new HttpError(status, 'BadRequest', err.message)
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const httpError = err instanceof HttpError ? err : fromFastifyError(err)
    if (httpError) {
      if (httpError.status === 413) reply.header('connection', 'close')
      return reply.status(httpError.status).send(httpError.toJSON())
    }
    request.log.error({ err }, 'unhandled error')
    const body = new HttpError(500, 'InternalError', 'Something went wrong on the server.')
    return reply.status(500).send(body.toJSON())
  })
}
