// Reads the upload form (romFile + optional title) with a byte limit on every part, stopping the
// moment one is passed, and turns parser failures into 4xx errors instead of 500s.
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { ClientGoneError, HttpError } from '../errors'
import { boundaryProblem, describeFormFault } from '../http/form-faults'
import { OTHER_PARTS_MAX_BYTES, UPLOAD_FILE_FIELD, UPLOAD_TITLE_FIELD } from './rom.schema'
import { assertRomFileName } from './rom.service'
import type { RomUpload } from './rom.service'

export function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024)
  return Number.isInteger(mib) ? `${mib} MiB` : `${(bytes / 1024).toFixed(0)} KiB`
}

export function romTooLarge(maxRomBytes: number): HttpError {
  return new HttpError(
    413,
    'RomTooLarge',
    `The ROM is larger than the ${formatMiB(maxRomBytes)} limit.`,
  )
}

const formHelp = `Send one file in "${UPLOAD_FILE_FIELD}" and an optional "${UPLOAD_TITLE_FIELD}".`

/** @fastify/multipart types `filename` as a string, but a file part without one has none. */
const hasFileName = (part: { filename?: string }) => part.filename !== undefined

const notMultipart = (what: string) =>
  new HttpError(
    400,
    'BadRequest',
    `The upload is not valid multipart/form-data: ${what}. ${formHelp}`,
  )

/** A romFile sent as a text field, or as a part without a file name, is not a file (curl's `-F romFile=<f`). */
const fileWithoutName = () =>
  new HttpError(
    400,
    'NoFile',
    `"${UPLOAD_FILE_FIELD}" came without a file name, so it is not a file. Send the ROM as a file ` +
      `(a file input, or curl -F ${UPLOAD_FILE_FIELD}=@game.nes).`,
  )

/**
 * Collects a file part, failing the moment busboy reports the size limit. (`toBuffer()` only notices
 * at the end of the part, which would mean reading the whole oversized body first.)
 */
function readCapped(
  file: Readable,
  tooLarge: () => HttpError,
  onBytes: (count: number) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    file.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      onBytes(chunk.length)
    })
    file.once('limit', () => reject(tooLarge()))
    file.once('end', () => resolve(Buffer.concat(chunks)))
    file.once('error', reject)
  })
}

/** What a failure while reading the form means for the client. */
function uploadError(err: unknown, request: FastifyRequest, maxRomBytes: number): Error {
  if (err instanceof HttpError) return err
  const code = (err as { code?: unknown }).code
  if (request.raw.aborted || code === 'ECONNRESET' || code === 'FST_MP_PREMATURE_CLOSE') {
    return new ClientGoneError(err)
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return romTooLarge(maxRomBytes)
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, 'BadRequest', `Too many parts in the form. ${formHelp}`)
  }
  // Everything else the multipart parser throws is about the bytes the client sent; its own words
  // are for the log, not for the client.
  request.log.info({ err }, 'unreadable upload form')
  return notMultipart(describeFormFault(err))
}

/**
 * Reads the form: one file in romFile plus an optional title. The file is checked by name first and
 * may hold up to `maxRomBytes`; all other parts together (title, framing) up to
 * OTHER_PARTS_MAX_BYTES. Either limit ends reading at once.
 */
export async function readUpload(request: FastifyRequest, maxRomBytes: number): Promise<RomUpload> {
  const framing = boundaryProblem(request.headers['content-type'] ?? '')
  if (framing) throw notMultipart(framing)
  let rawBytes = 0
  let fileBytes = 0
  let overBudget: (err: HttpError) => void = () => undefined
  const budget = new Promise<never>((_resolve, reject) => (overBudget = reject))
  const otherPartsTooLarge = () =>
    new HttpError(
      400,
      'BadRequest',
      `The form parts besides the ROM file are over ${formatMiB(OTHER_PARTS_MAX_BYTES)}. ${formHelp}`,
    )
  // Busboy drops an over-long field (or a file in another field) but keeps reading it to its end;
  // counting the raw bytes that are not romFile's stops a 100 MiB "title" after 64 KiB instead.
  // The check runs before a chunk is counted, when busboy has handed on the bytes before it.
  const countRawBytes = (chunk: Buffer) => {
    if (rawBytes - fileBytes > OTHER_PARTS_MAX_BYTES) overBudget(otherPartsTooLarge())
    rawBytes += chunk.length
  }

  const parse = async (): Promise<RomUpload> => {
    let upload: Omit<RomUpload, 'title'> | undefined
    let title: string | undefined
    let namelessFile = false
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === UPLOAD_TITLE_FIELD && typeof part.value === 'string') {
          title = part.value
        }
        namelessFile ||= part.fieldname === UPLOAD_FILE_FIELD
      } else if (part.fieldname === UPLOAD_FILE_FIELD && !hasFileName(part)) {
        // The parser takes an application/octet-stream part without a file name for a file.
        namelessFile = true
        part.file.resume()
      } else if (part.fieldname !== UPLOAD_FILE_FIELD || upload || part.filename === '') {
        // Not ours, a second file, or a form submitted with no file chosen (empty name): drain it
        // (its bytes count against OTHER_PARTS_MAX_BYTES).
        part.file.resume()
      } else {
        assertRomFileName(part.filename)
        const bytes = await readCapped(
          part.file,
          () => romTooLarge(maxRomBytes),
          (n) => {
            fileBytes += n
          },
        )
        upload = { fileName: part.filename, bytes }
      }
    }
    if (rawBytes - fileBytes > OTHER_PARTS_MAX_BYTES) throw otherPartsTooLarge()
    if (!upload && namelessFile) throw fileWithoutName()
    if (!upload) {
      throw new HttpError(400, 'NoFile', 'No File Selected: please select a ROM file first.')
    }
    return { ...upload, title }
  }

  request.raw.on('data', countRawBytes)
  const parsing = parse()
  try {
    return await Promise.race([parsing, budget])
  } catch (err) {
    throw uploadError(err, request, maxRomBytes)
  } finally {
    request.raw.off('data', countRawBytes)
    // Once the race is decided the loser's outcome does not matter (the connection is closed).
    parsing.catch(() => undefined)
  }
}
