// Request bodies are taken as sent (Content-Encoding absent or identity). The upload and save parsers
// read the raw request stream, so a compressed body would be stored compressed, or would leave the
// parser waiting for bytes a decompressor had already consumed; no client of ours compresses bodies.
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors'

export function installRequestEncodingCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase()
    if (encoding === undefined || encoding === '' || encoding === 'identity') return
    throw new HttpError(
      415,
      'UnsupportedMediaType',
      `Send the body uncompressed: this server does not take compressed request bodies (Content-Encoding: ${encoding}).`,
      // RFC 7694: the codings a server takes in requests
      { 'accept-encoding': 'identity' },
    )
  })
}
