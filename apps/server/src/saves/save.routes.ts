// HTTP for /api/roms/:id/save and /api/roms/:id/states: parses requests, calls SaveService, writes
// responses. No rules live here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import {
  BATTERY_SAVE_MAX_BYTES,
  BATTERY_SAVE_UPDATED_AT_HEADER,
  batterySaveEtag,
  batterySaveVersionOf,
  SAVE_STATE_HEADERS,
} from '@nes-studio/shared'
import type {
  BatterySavePutResponse,
  SaveStateListResponse,
  SaveStateUploadResponse,
} from '@nes-studio/shared'
import { HttpError } from '../errors'
import { MULTIPART_PART_BUFFER_BYTES } from '../http/multipart-buffer'
import { UPLOAD_STALL_MS_DEFAULT } from '../http/upload-stall'
import { holdUploadMemory, UploadBudget } from '../roms/upload-budget'
import { readCapped, readStateForm } from './save-body'
import {
  STATE_FORM_MAX_BYTES,
  STATE_UPLOAD_MEMORY_BYTES,
  batterySaveTooLarge,
  romParamsSchema,
  stateParamsSchema,
  stateTooLarge,
} from './save.schema'
import type { SaveService } from './save.service'
import type { BatterySaveBase } from '../storage/save-store'

export interface SaveRoutesOptions {
  service: SaveService
  statesPerRom: number
  /** Bytes of save and state uploads read at once; default STATE_UPLOAD_MEMORY_BYTES. */
  uploadMemoryBytes?: number
  /** A body bringing less than 16 KiB in this many ms is dropped; default UPLOAD_STALL_MS_DEFAULT. */
  uploadStallMs?: number
}

function parseRomId(request: FastifyRequest): string {
  const parsed = romParamsSchema.safeParse(request.params)
  if (!parsed.success) {
    throw new HttpError(404, 'NotFound', 'That ROM is not in the library (the id is not valid).')
  }
  return parsed.data.id
}

function parseStateIds(request: FastifyRequest): { id: string; sid: string } {
  const parsed = stateParamsSchema.safeParse(request.params)
  if (!parsed.success) {
    throw new HttpError(404, 'NotFound', 'That save state does not exist (the id is not valid).')
  }
  return parsed.data
}

/**
 * The version a battery save write starts from: `If-Match: "<updatedAt>"` (an ETag of GET …/save), or
 * `If-None-Match: *` (no save yet); neither replaces any save.
 */
function parseSaveBase(request: FastifyRequest): BatterySaveBase {
  const ifMatch = request.headers['if-match']
  const ifNoneMatch = request.headers['if-none-match']
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new HttpError(400, 'BadRequest', 'Send If-Match or If-None-Match with a save, not both.')
  }
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return null
    throw new HttpError(400, 'BadRequest', 'If-None-Match on a battery save can only be *.')
  }
  if (ifMatch === undefined) return undefined
  const version = batterySaveVersionOf(ifMatch)
  if (version === undefined) {
    throw new HttpError(
      400,
      'BadRequest',
      'If-Match on a battery save must be the one ETag that GET or PUT …/save sent.',
    )
  }
  return version
}

/**
 * An onRequest hook that refuses a body whose declared length is over `max` before reading any of it,
 * then reserves its bytes (the cap for a chunked body) in `budget` for the client until the reply is
 * done, dropping a body that stalls; past the budget or the client's share, 503 ServerBusy as for ROM
 * uploads.
 */
function capAndReserve(
  budget: UploadBudget,
  stallMs: number,
  max: number,
  tooLarge: () => HttpError,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const length = Number(request.headers['content-length'] ?? 0)
    if (length > max) throw tooLarge()
    holdUploadMemory(request, reply, {
      budget,
      bytes: length > 0 ? length : max,
      stallMs,
      busy: () =>
        new HttpError(
          503,
          'ServerBusy',
          'The server is busy storing other saves. Try again in a few seconds.',
          { 'retry-after': '2' },
        ),
    })
  }
}

export async function saveRoutes(app: FastifyInstance, opts: SaveRoutesOptions): Promise<void> {
  const { service, statesPerRom } = opts
  const uploads = new UploadBudget(opts.uploadMemoryBytes ?? STATE_UPLOAD_MEMORY_BYTES)
  const stallMs = opts.uploadStallMs ?? UPLOAD_STALL_MS_DEFAULT

  // In this plugin only: bodies are read by the handlers with their own caps (never JSON or text),
  // and a state form by @fastify/multipart.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))
  await app.register(fastifyMultipart, {
    fileHwm: MULTIPART_PART_BUFFER_BYTES,
    limits: {
      // readStateForm caps each file at its own limit first; this is only the backstop.
      fileSize: STATE_FORM_MAX_BYTES,
      files: 2,
      fields: 8,
      fieldSize: 256,
      parts: 10,
      headerPairs: 20,
    },
  })

  app.get('/api/roms/:id/save', { compress: false }, async (request, reply) => {
    const { save, bytes } = await service.getBatterySave(parseRomId(request))
    return reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'no-store')
      .header(BATTERY_SAVE_UPDATED_AT_HEADER, save.updatedAt)
      .header('etag', batterySaveEtag(save.updatedAt))
      .send(bytes)
  })

  app.put(
    '/api/roms/:id/save',
    { onRequest: capAndReserve(uploads, stallMs, BATTERY_SAVE_MAX_BYTES, batterySaveTooLarge) },
    async (request, reply): Promise<BatterySavePutResponse> => {
      const romId = parseRomId(request)
      const base = parseSaveBase(request)
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/octet-stream') {
        throw new HttpError(
          415,
          'UnsupportedMediaType',
          'Send the battery save as the raw bytes with Content-Type: application/octet-stream.',
        )
      }
      const bytes = await readCapped(request.raw, BATTERY_SAVE_MAX_BYTES, batterySaveTooLarge)
      const save = await service.putBatterySave(romId, bytes, base)
      reply.header('etag', batterySaveEtag(save.updatedAt))
      return { save }
    },
  )

  app.delete('/api/roms/:id/save', async (request, reply) => {
    await service.deleteBatterySave(parseRomId(request))
    return reply.status(204).send()
  })

  app.get('/api/roms/:id/states', async (request, reply): Promise<SaveStateListResponse> => {
    const states = await service.listStates(parseRomId(request))
    reply.header('cache-control', 'no-store')
    return { states, limit: statesPerRom }
  })

  app.post(
    '/api/roms/:id/states',
    { onRequest: capAndReserve(uploads, stallMs, STATE_FORM_MAX_BYTES, stateTooLarge) },
    async (request, reply): Promise<SaveStateUploadResponse> => {
      const romId = parseRomId(request)
      const result = await service.uploadState(romId, await readStateForm(request))
      reply.status(201).header('location', result.state.url)
      return result
    },
  )

  app.get('/api/roms/:id/states/:sid', { compress: false }, async (request, reply) => {
    const { id, sid } = parseStateIds(request)
    const { state, bytes } = await service.getState(id, sid)
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${state.id}.state"`)
      .header('cache-control', 'no-store')
      .header(SAVE_STATE_HEADERS.core, state.core)
      .header(SAVE_STATE_HEADERS.coreVersion, state.coreVersion)
      .header(SAVE_STATE_HEADERS.romSha1, state.romSha1)
      .header(SAVE_STATE_HEADERS.kind, state.kind)
      .send(bytes)
  })

  app.get('/api/roms/:id/states/:sid/thumbnail', { compress: false }, async (request, reply) => {
    const { id, sid } = parseStateIds(request)
    const png = await service.getThumbnail(id, sid)
    // A state's id changes whenever its slot is saved again, so its thumbnail never changes.
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(png)
  })

  app.delete('/api/roms/:id/states/:sid', async (request, reply) => {
    const { id, sid } = parseStateIds(request)
    await service.deleteState(id, sid)
    return reply.status(204).send()
  })
}
