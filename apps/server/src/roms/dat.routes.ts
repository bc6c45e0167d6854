// HTTP for /api/dats: imported DATs (No-Intro style ROM lists) — list, import (the file's raw bytes
// as the body), remove. Rules live in DatService.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DAT_MAX_BYTES } from '@nes-studio/shared'
import type { DatImportResponse, DatListResponse } from '@nes-studio/shared'
import { z } from 'zod'
import { HttpError } from '../errors'
import { readCapped } from '../saves/save-body'
import type { DatService } from './dat.service'

/** Body types an import takes: a file picked in a browser is sent as octet-stream; curl users say XML or text. */
const DAT_BODY_TYPES = new Set([
  'application/octet-stream',
  'application/xml',
  'text/xml',
  'text/plain',
])

const datTooLarge = () =>
  new HttpError(413, 'DatTooLarge', `The DAT is larger than ${DAT_MAX_BYTES / (1024 * 1024)} MB.`)

const datIdSchema = z.object({ id: z.uuid() })

function parseDatId(request: FastifyRequest): string {
  const parsed = datIdSchema.safeParse(request.params)
  if (!parsed.success) throw new HttpError(404, 'NotFound', 'That DAT is not in the library.')
  return parsed.data.id
}

export async function datRoutes(
  app: FastifyInstance,
  opts: { service: DatService },
): Promise<void> {
  const { service } = opts
  // In this plugin only: an import's body is read by its handler, with its own cap.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))

  app.get('/api/dats', async (_request, reply): Promise<DatListResponse> => {
    reply.header('cache-control', 'no-store')
    return { dats: await service.list() }
  })

  app.post(
    '/api/dats',
    {
      onRequest: async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? ''
        if (!DAT_BODY_TYPES.has(type)) {
          throw new HttpError(
            415,
            'UnsupportedMediaType',
            'Send the DAT file itself as the body, with Content-Type: application/octet-stream.',
          )
        }
        // Refused from its Content-Length before a byte is read; a chunked body is capped as it comes.
        if (Number(request.headers['content-length'] ?? 0) > DAT_MAX_BYTES) throw datTooLarge()
        service.assertIdle()
      },
    },
    async (request, reply): Promise<DatImportResponse> => {
      const bytes = await readCapped(request.raw, DAT_MAX_BYTES, datTooLarge)
      const imported = await service.import(bytes)
      reply.status(201).header('location', `/api/dats/${imported.dat.id}`)
      return imported
    },
  )

  app.delete('/api/dats/:id', async (request, reply) => {
    await service.delete(parseDatId(request))
    return reply.status(204).send()
  })
}
