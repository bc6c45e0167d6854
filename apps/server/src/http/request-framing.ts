// Requests HTTP/1.1 says a server must refuse, which Node's parser lets through or drops unanswered:
// a request line without a version (HTTP/0.9 style) or of another major version, several Host headers
// (RFC 9112 section 3.2: a proxy and this server could each read another one), and CONNECT (this
// server is no proxy; without a listener Node closes the connection without a word).
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors'
import { answerOnSocket } from './framework-errors'
import { SECURITY_HEADERS } from './security'

function hostHeaderCount(request: IncomingMessage): number {
  let count = 0
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i]?.toLowerCase() === 'host') count++
  }
  return count
}

/** Why the request's framing cannot be trusted, or undefined when it can. */
function framingProblem(request: IncomingMessage): HttpError | undefined {
  if (request.httpVersionMajor === 0) {
    return new HttpError(
      400,
      'BadRequest',
      'The request line has no HTTP version: send "GET /path HTTP/1.1" with a Host header.',
    )
  }
  if (request.httpVersionMajor !== 1) {
    return new HttpError(
      505,
      'BadRequest',
      `This server speaks HTTP/1.1 here, not HTTP/${request.httpVersion}.`,
    )
  }
  if (hostHeaderCount(request) > 1) {
    return new HttpError(400, 'BadRequest', 'The request has more than one Host header.')
  }
  return undefined
}

/** Install first, so no other hook or route sees a request these checks refuse. */
export function installRequestFramingChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const problem = framingProblem(request.raw)
    if (problem) {
      // Whatever follows on this connection was framed by the same client: do not read it.
      reply.headers(SECURITY_HEADERS).header('connection', 'close')
      throw problem
    }
  })
  app.server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined) // a client gone before the answer is no fault of ours
    answerOnSocket(
      socket,
      new HttpError(
        405,
        'MethodNotAllowed',
        'This server is not a proxy: CONNECT is not supported. Send GET, HEAD, POST, PUT or DELETE.',
      ),
      // RFC 9110 15.5.6: a 405 lists the target's methods; an authority such as host:443 has none here.
      { allow: '' },
    )
  })
}
