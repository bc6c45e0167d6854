// Errors Fastify and Node answer before any route or hook runs (bad URLs, broken HTTP framing,
// timeouts), rendered in the API's error shape with the security headers every reply carries.
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, sendHttpError } from '../errors'
import { SECURITY_HEADERS } from './security'

/** Fastify's `frameworkErrors`: a URL that cannot be decoded, or a path segment over the limit. */
export function handleFrameworkError(
  err: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.headers(SECURITY_HEADERS)
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendHttpError(
      reply,
      new HttpError(
        414,
        'BadRequest',
        'The address is too long: a path segment is over 100 characters.',
      ),
    )
  }
  return sendHttpError(reply, new HttpError(400, 'BadRequest', 'The address cannot be decoded.'))
}

function clientErrorAnswer(code: string | undefined): HttpError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new HttpError(
      408,
      'RequestTimeout',
      'The request took too long to arrive and was dropped. Send it again.',
    )
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new HttpError(431, 'BadRequest', 'The request headers are too large.')
  }
  return new HttpError(400, 'BadRequest', 'The request is not valid HTTP/1.1.')
}

/**
 * Writes `answer` straight to a socket Node no longer parses requests on (a client error, CONNECT),
 * with the security headers every reply carries, and ends the connection.
 */
export function answerOnSocket(
  socket: Duplex,
  answer: HttpError,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  if (socket.writable) {
    const body = JSON.stringify(answer.toJSON())
    const headers = {
      ...SECURITY_HEADERS,
      ...extraHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.write(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n${body}`)
  }
  socket.destroy()
}

/** The http server's `clientError`: the connection cannot carry a request any more, so answer and end it. */
export function handleClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  answerOnSocket(socket, clientErrorAnswer(err.code))
}
