// HTTP for /api/roms: parses requests, calls RomService, writes responses. No rules live here.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import { romListQuerySchema, romUpdateRequestSchema } from '@nes-studio/shared'
import type {
  RomListQuery,
  RomPageResponse,
  RomRestoreResponse,
  RomUpdateResponse,
  RomUploadResponse,
} from '@nes-studio/shared'
import { HttpError } from '../errors'
import { requestedRange, sendBytes } from '../http/byte-range'
import { MULTIPART_PART_BUFFER_BYTES } from '../http/multipart-buffer'
import { contentDisposition } from './file-name'
import { encodeBody, ListCache, pickEncoding } from './list-cache'
import {
  MULTIPART_OVERHEAD_BYTES,
  UPLOAD_FILE_FIELD,
  romDownloadQuerySchema,
  romIdParamsSchema,
} from './rom.schema'
import type { DownloadHeader, RomService } from './rom.service'
import { holdUploadMemory, UploadBudget } from './upload-budget'
import { readUpload, romTooLarge } from './upload-reader'
import { WholeList } from './whole-list'
import type { WholeListOptions } from './whole-list'

export interface RomRoutesOptions {
  service: RomService
  maxRomBytes: number
  /** Bytes of uploads read at once; past it uploads get 503 with Retry-After. */
  uploadMemoryBytes: number
  /** An upload whose body brings less than 16 KiB in this many ms is dropped (http/upload-stall.ts). */
  uploadStallMs: number
  /** How the whole list is read when it is built from scratch. */
  wholeList?: WholeListOptions
}

function parseId(request: FastifyRequest): string {
  const parsed = romIdParamsSchema.safeParse(request.params)
  if (!parsed.success) {
    throw new HttpError(404, 'NotFound', 'That ROM is not in the library (the id is not valid).')
  }
  return parsed.data.id
}

const PAGE_PARAMS = ['offset', 'limit', 'q', 'sort', 'order', 'mapper', 'region', 'saves']

function isPageRequest(query: unknown): boolean {
  return PAGE_PARAMS.some((name) => (query as Record<string, unknown>)[name] !== undefined)
}

function parseListQuery(query: unknown): RomListQuery {
  const parsed = romListQuerySchema.safeParse(query)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new HttpError(400, 'BadRequest', `Invalid list query (${details}).`)
  }
  return parsed.data
}

function parseDownloadHeader(query: unknown): DownloadHeader {
  const parsed = romDownloadQuerySchema.safeParse(query)
  if (!parsed.success) {
    throw new HttpError(400, 'BadRequest', 'header must be "original" or "playable".')
  }
  return parsed.data.header
}

function parseUpdate(body: unknown) {
  const parsed = romUpdateRequestSchema.safeParse(body)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
    throw new HttpError(400, 'BadRequest', `Invalid change (${details.join('; ')}).`)
  }
  return parsed.data
}

/** True when `If-None-Match` lists `etag` (weak comparison, as RFC 9110 asks for this header). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export async function romRoutes(app: FastifyInstance, opts: RomRoutesOptions): Promise<void> {
  const { service, maxRomBytes } = opts
  const maxRequestBytes = maxRomBytes + MULTIPART_OVERHEAD_BYTES
  const uploads = new UploadBudget(opts.uploadMemoryBytes)
  const tooLarge = () => romTooLarge(maxRomBytes)

  await app.register(fastifyMultipart, {
    fileHwm: MULTIPART_PART_BUFFER_BYTES,
    limits: {
      fileSize: maxRomBytes,
      files: 1,
      fields: 4,
      fieldSize: 4096,
      parts: 8,
      headerPairs: 50,
    },
  })

  // The whole list is one JSON body kept up to date by patching (whole-list.ts), compressed once per
  // library revision; the revision doubles as a strong ETag, so a browser's revalidation of an
  // unchanged library is a 304 without reading any rows.
  const wholeList = new WholeList(service, opts.wholeList)
  const listCache = new ListCache()
  app.get('/api/roms', { compress: false }, async (request, reply) => {
    const query = isPageRequest(request.query) ? parseListQuery(request.query) : undefined
    reply.header('vary', 'accept-encoding')
    let revision = ''
    if (query?.saves) {
      // Saves do not change the library revision, so a page filtered on them has no ETag.
      reply.header('cache-control', 'no-store')
    } else {
      // Read the revision before the rows: the body is then at least as new as its ETag. (A page's
      // URL names its query, so the revision is a valid ETag for every page too.)
      revision = await service.listRevision()
      const etag = `"${revision}"`
      reply.header('etag', etag).header('cache-control', 'no-cache')
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag))
        return reply.status(304).send()
    }
    if (query) {
      const page = await service.listPage(query)
      const body: RomPageResponse = { ...page, offset: query.offset, limit: query.limit }
      const encoded = await encodeBody(
        Buffer.from(JSON.stringify(body), 'utf8'),
        pickEncoding(request.headers['accept-encoding']),
      )
      if (encoded.encoding !== 'identity') reply.header('content-encoding', encoded.encoding)
      return reply.type('application/json; charset=utf-8').send(encoded.body)
    }
    // The body may be newer than the revision read above; its own revision is its ETag.
    const current = await wholeList.current(revision)
    const { body, encoding } = await listCache.get(
      `"${current.revision}"`,
      pickEncoding(request.headers['accept-encoding']),
      async () => current.body,
    )
    reply.header('etag', `"${current.revision}"`)
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.post(
    '/api/roms',
    {
      onRequest: async (request, reply) => {
        // Decided on the header, before any parser reads the body: invalid JSON is still not a form.
        if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
          throw new HttpError(
            415,
            'UnsupportedMediaType',
            `Send the ROM as multipart/form-data with the file in "${UPLOAD_FILE_FIELD}".`,
          )
        }
        // Refuse an oversized body from its Content-Length before reading any of it.
        const length = Number(request.headers['content-length'] ?? 0)
        if (length > maxRequestBytes) throw tooLarge()
        // A chunked body may grow to the cap, so it reserves the cap.
        holdUploadMemory(request, reply, {
          budget: uploads,
          bytes: length > 0 ? length : maxRequestBytes,
          stallMs: opts.uploadStallMs,
          busy: () =>
            new HttpError(
              503,
              'ServerBusy',
              'The server is busy storing other uploads. Try again in a few seconds.',
              { 'retry-after': '2' },
            ),
        })
      },
    },
    async (request, reply): Promise<RomUploadResponse> => {
      const rom = await service.upload(await readUpload(request, maxRomBytes))
      reply.status(201).header('location', `/api/roms/${rom.id}`)
      return { rom }
    },
  )

  app.get('/api/roms/:id', { compress: false }, async (request, reply) => {
    const id = parseId(request)
    const header = parseDownloadHeader(request.query)
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch) {
      const etag = await service.etagOf(id, header)
      if (matchesIfNoneMatch(ifNoneMatch, etag)) {
        return reply.status(304).header('etag', etag).header('cache-control', 'no-cache').send()
      }
    }
    const { entry, bytes, etag, isCorrected } = await service.download(id, header)
    const range = requestedRange(request, bytes.length, etag)
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', contentDisposition(entry.fileName))
      .header('etag', etag)
      .header('cache-control', 'no-cache')
    if (header === 'playable') reply.header('x-rom-header', isCorrected ? 'corrected' : 'original')
    return sendBytes(reply, bytes, range)
  })

  app.patch('/api/roms/:id', async (request): Promise<RomUpdateResponse> => {
    const id = parseId(request)
    return { rom: await service.update(id, parseUpdate(request.body)) }
  })

  app.delete('/api/roms/:id', async (request, reply) => {
    await service.delete(parseId(request))
    return reply.status(204).send()
  })

  // A player started the entry from the library: the "recently played" order. No body.
  app.post('/api/roms/:id/played', async (request, reply) => {
    await service.played(parseId(request))
    return reply.status(204).send()
  })

  // Undo of a delete, within the undo window (docs/rom-api.md). No body.
  app.post('/api/roms/:id/restore', async (request): Promise<RomRestoreResponse> => {
    return { rom: await service.restore(parseId(request)) }
  })
}
