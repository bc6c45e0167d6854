// Reads the bodies of the save routes with a byte cap on each piece, stopping the moment one is passed.
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import {
  SAVE_STATE_FIELDS,
  SAVE_STATE_MAX_BYTES,
  SAVE_STATE_THUMBNAIL_MAX_BYTES,
} from '@nes-studio/shared'
import { HttpError } from '../errors'
import { boundaryProblem, describeFormFault } from '../http/form-faults'
import { stateTooLarge, thumbnailTooLarge } from './save.schema'
import type { StateUploadParts } from './save.schema'

/** Rejects with an ECONNRESET-coded error, which the error handler treats as a client that left. */
function clientGone(): Error {
  return Object.assign(new Error('The client closed the connection mid-body.'), {
    code: 'ECONNRESET',
  })
}

/**
 * Collects a stream up to `maxBytes`. One byte more rejects with `tooLarge()` at once and stops
 * reading; the error handler then closes the connection.
 */
export function readCapped(
  stream: Readable,
  maxBytes: number,
  tooLarge: () => HttpError,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = () => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', onError)
      stream.off('close', onClose)
      stream.off('limit', onLimit)
    }
    const fail = (err: Error) => {
      cleanup()
      stream.pause()
      reject(err)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) fail(tooLarge())
      else chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (err: Error) => fail(err)
    // A request stream closing before its end means the client went away.
    const onClose = () => fail(clientGone())
    // Busboy's own per-file cap (a file stream only), set above ours as a second line.
    const onLimit = () => fail(tooLarge())
    stream.on('data', onData)
    stream.once('end', onEnd)
    stream.once('error', onError)
    stream.once('close', onClose)
    stream.once('limit', onLimit)
  })
}

const formHelp =
  `Send multipart/form-data with the state file in "${SAVE_STATE_FIELDS.state}", an optional PNG in ` +
  `"${SAVE_STATE_FIELDS.thumbnail}", and the fields "${SAVE_STATE_FIELDS.core}", ` +
  `"${SAVE_STATE_FIELDS.coreVersion}", "${SAVE_STATE_FIELDS.romSha1}", "${SAVE_STATE_FIELDS.kind}", ` +
  `"${SAVE_STATE_FIELDS.slot}".`

function formError(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof HttpError) return err
  const code = (err as { code?: unknown }).code
  if (request.raw.aborted || code === 'ECONNRESET' || code === 'FST_MP_PREMATURE_CLOSE') return err
  if (code === 'FST_REQ_FILE_TOO_LARGE') return stateTooLarge()
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, 'InvalidState', `Too many parts in the form. ${formHelp}`)
  }
  // The parser's own words are for the log, not for the client.
  request.log.info({ err }, 'unreadable state form')
  return new HttpError(
    400,
    'InvalidState',
    `The form cannot be read: ${describeFormFault(err)}. ${formHelp}`,
  )
}

/** Reads the state form. Fields are returned as sent; the service checks them. */
export async function readStateForm(request: FastifyRequest): Promise<StateUploadParts> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'UnsupportedMediaType', `The state is not a form. ${formHelp}`)
  }
  const framing = boundaryProblem(request.headers['content-type'] ?? '')
  if (framing)
    throw new HttpError(400, 'InvalidState', `The form cannot be read: ${framing}. ${formHelp}`)
  const parts: StateUploadParts = { bytes: undefined, thumbnail: undefined, fields: {} }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new HttpError(400, 'InvalidState', `The field "${part.fieldname}" is too long.`)
        }
        if (typeof part.value === 'string') parts.fields[part.fieldname] = part.value
      } else if (part.fieldname === SAVE_STATE_FIELDS.state && !parts.bytes) {
        parts.bytes = await readCapped(part.file, SAVE_STATE_MAX_BYTES, stateTooLarge)
      } else if (part.fieldname === SAVE_STATE_FIELDS.thumbnail && !parts.thumbnail) {
        parts.thumbnail = await readCapped(
          part.file,
          SAVE_STATE_THUMBNAIL_MAX_BYTES,
          thumbnailTooLarge,
        )
      } else {
        throw new HttpError(
          400,
          'InvalidState',
          `Unexpected file "${part.fieldname}" (one state and at most one thumbnail). ${formHelp}`,
        )
      }
    }
  } catch (err) {
    throw formError(err, request)
  }
  return parts
}
