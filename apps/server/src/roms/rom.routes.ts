// HTTP for /api/roms: parses requests, calls RomService, writes responses. No rules live here.
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import type { RomListResponse, RomUploadResponse } from '@nes-studio/shared'
import { HttpError } from '../errors'
import { contentDisposition } from './file-name'
import { ListCache, pickEncoding } from './list-cache'
import {
  MULTIPART_OVERHEAD_BYTES,
  UPLOAD_FILE_FIELD,
  UPLOAD_TITLE_FIELD,
  romIdParamsSchema,
} from './rom.schema'
import { assertRomFileName } from './rom.service'
import type { RomService, RomUpload } from './rom.service'

export interface RomRoutesOptions {
  service: RomService
  maxRomBytes: number
}

function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024)
  return Number.isInteger(mib) ? `${mib} MiB` : `${(bytes / 1024).toFixed(0)} KiB`
}

function parseId(request: FastifyRequest): string {
  const parsed = romIdParamsSchema.safeParse(request.params)
  if (!parsed.success) {
    throw new HttpError(404, 'NotFound', 'That ROM is not in the library (the id is not valid).')
  }
  return parsed.data.id
}

/**
 * Collects a file part, failing the moment busboy reports the size limit. (`toBuffer()` only notices
 * at the end of the part, which would mean reading the whole oversized body first.)
 */
function readCapped(file: Readable, tooLarge: () => HttpError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    file.on('data', (chunk: Buffer) => chunks.push(chunk))
    file.once('limit', () => reject(tooLarge()))
    file.once('end', () => resolve(Buffer.concat(chunks)))
    file.once('error', reject)
  })
}

/** True when `If-None-Match` lists `etag` (weak comparison, as RFC 9110 asks for this header). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export async function romRoutes(app: FastifyInstance, opts: RomRoutesOptions): Promise<void> {
  const { service, maxRomBytes } = opts
  const tooLarge = () =>
    new HttpError(413, 'RomTooLarge', `The ROM is larger than the ${formatMiB(maxRomBytes)} limit.`)

  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxRomBytes,
      files: 1,
      fields: 4,
      fieldSize: 4096,
      parts: 8,
      headerPairs: 50,
    },
  })

  /** Reads the form: one file in romFile plus an optional title. The file is checked by name first. */
  async function readUpload(request: FastifyRequest): Promise<RomUpload> {
    if (!request.isMultipart()) {
      throw new HttpError(
        415,
        'UnsupportedMediaType',
        `Send the ROM as multipart/form-data with the file in "${UPLOAD_FILE_FIELD}".`,
      )
    }
    let upload: Omit<RomUpload, 'title'> | undefined
    let title: string | undefined
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === UPLOAD_TITLE_FIELD && typeof part.value === 'string')
            title = part.value
        } else if (part.fieldname !== UPLOAD_FILE_FIELD || upload || part.filename === '') {
          // Not ours, a second file, or a form submitted with no file chosen (empty name): drain it.
          part.file.resume()
        } else {
          assertRomFileName(part.filename)
          upload = { fileName: part.filename, bytes: await readCapped(part.file, tooLarge) }
        }
      }
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new HttpError(
          400,
          'BadRequest',
          `Send one file in "${UPLOAD_FILE_FIELD}" and a title.`,
        )
      }
      throw err
    }
    if (!upload) {
      throw new HttpError(400, 'NoFile', 'No File Selected: please select a ROM file first.')
    }
    return { ...upload, title }
  }

  // The list is served from one cached JSON body per library revision, and the revision doubles as a
  // strong ETag, so a browser's revalidation of an unchanged library is a 304 without reading any rows.
  const listCache = new ListCache()
  app.get('/api/roms', { compress: false }, async (request, reply) => {
    // Read the revision before the rows: the body is then at least as new as its ETag.
    const etag = `"${await service.listRevision()}"`
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send()
    const { body, encoding } = await listCache.get(
      etag,
      pickEncoding(request.headers['accept-encoding']),
      async () => JSON.stringify({ roms: await service.list() } satisfies RomListResponse),
    )
    if (encoding !== 'identity') reply.header('content-encoding', encoding)
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.post(
    '/api/roms',
    {
      // Refuse an oversized body from its Content-Length before reading any of it.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0)
        if (length > maxRomBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge()
      },
    },
    async (request, reply): Promise<RomUploadResponse> => {
      const rom = await service.upload(await readUpload(request))
      reply.status(201).header('location', `/api/roms/${rom.id}`)
      return { rom }
    },
  )

  app.get('/api/roms/:id', { compress: false }, async (request, reply) => {
    const id = parseId(request)
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch) {
      const etag = await service.etagOf(id)
      if (matchesIfNoneMatch(ifNoneMatch, etag)) {
        return reply.status(304).header('etag', etag).header('cache-control', 'no-cache').send()
      }
    }
    const { entry, bytes, etag } = await service.download(id)
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', contentDisposition(entry.fileName))
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .send(bytes)
  })

  app.delete('/api/roms/:id', async (request, reply) => {
    await service.delete(parseId(request))
    return reply.status(204).send()
  })
}
