// HTTP for /api/roms/:id/cover: an entry's cover picture. The body of a PUT is the image itself (PNG or
// WebP, told by its bytes); GET answers it with its version as ETag, cached for good when the URL names
// that version (?v=, as the list gives it), else revalidated.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { COVER_MAX_BYTES } from '@nes-studio/shared'
import type { CoverInfo, CoverPutResponse } from '@nes-studio/shared'
import { HttpError } from '../errors'
import { readCapped } from '../saves/save-body'
import type { CoverRecord } from '../storage/cover-store'
import type { CoverService } from './cover.service'
import { coverTooLarge } from './cover.service'
import { romIdParamsSchema } from './rom.schema'

function parseId(request: FastifyRequest): string {
  const parsed = romIdParamsSchema.safeParse(request.params)
  if (!parsed.success) {
    throw new HttpError(404, 'NotFound', 'That ROM is not in the library (the id is not valid).')
  }
  return parsed.data.id
}

function requestedVersion(request: FastifyRequest): string | undefined {
  const v = (request.query as Record<string, unknown>).v
  return typeof v === 'string' ? v : undefined
}

function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

function coverInfo(cover: CoverRecord): CoverInfo {
  return { version: cover.version, type: cover.type, size: cover.size, updatedAt: cover.updatedAt }
}

export async function coverRoutes(
  app: FastifyInstance,
  opts: { service: CoverService },
): Promise<void> {
  const { service } = opts
  // In this plugin only: a PUT's body is read by its handler with its own cap, whatever its type says.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  app.get('/api/roms/:id/cover', { compress: false }, async (request, reply) => {
    const { cover, bytes } = await service.get(parseId(request))
    const etag = `"${cover.version}"`
    // The list's URL names the version: that URL's bytes never change, so browsers keep them.
    const isVersioned = requestedVersion(request) === cover.version
    reply
      .header('etag', etag)
      .header('cache-control', isVersioned ? 'public, max-age=31536000, immutable' : 'no-cache')
    if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.status(304).send()
    return reply.header('content-type', cover.type).send(bytes)
  })

  app.put(
    '/api/roms/:id/cover',
    {
      onRequest: async (request) => {
        // Refused from its Content-Length before a byte is read; a chunked body is capped as it comes.
        if (Number(request.headers['content-length'] ?? 0) > COVER_MAX_BYTES) throw coverTooLarge()
      },
    },
    async (request, reply): Promise<CoverPutResponse> => {
      const id = parseId(request)
      // `If-None-Match: *`: store it only when the entry has no cover yet (the player's capture).
      const onlyIfNone = request.headers['if-none-match']?.trim() === '*'
      const bytes = await readCapped(request.raw, COVER_MAX_BYTES, coverTooLarge)
      const cover = await service.put(id, bytes, { onlyIfNone })
      reply.header('etag', `"${cover.version}"`)
      return { cover: coverInfo(cover) }
    },
  )

  app.delete('/api/roms/:id/cover', async (request, reply) => {
    await service.delete(parseId(request))
    return reply.status(204).send()
  })
}
