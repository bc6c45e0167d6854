// Reads a DAT file in either format, told apart by its first character: `<` is Logiqx XML, anything
// else is tried as clrmamepro text. Every failure is a DatError (or an XmlReadError turned into one)
// with a message for people; nothing is applied until the whole file has been read.
import { XmlReadError } from '../xml-reader'
import { parseClrmameproDat } from './clrmamepro-dat'
import { DAT_MAX_BYTES } from '@nes-studio/shared'
import { DatError } from './dat-types'
import type { ParsedDat } from './dat-types'
import { parseLogiqxDat } from './logiqx-dat'

const BOM = '\ufeff'

function firstText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes.subarray(0, 64)).replace(BOM, '').trimStart()
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new DatError('The DAT is not UTF-8 text.')
  }
}

export interface ReadDatOptions {
  /** Most ROM entries accepted; default DAT_MAX_ROMS. */
  maxRoms?: number
}

export async function readDat(bytes: Uint8Array, opts: ReadDatOptions = {}): Promise<ParsedDat> {
  if (bytes.length > DAT_MAX_BYTES) {
    throw new DatError(`The DAT is larger than ${DAT_MAX_BYTES / (1024 * 1024)} MB.`)
  }
  const start = firstText(bytes)
  if (start === '') throw new DatError('The DAT is empty.')
  try {
    if (start.startsWith('<')) return await parseLogiqxDat(bytes, opts.maxRoms)
    if (/^[A-Za-z_][\w-]*\s*\(/.test(start)) {
      return await parseClrmameproDat(decodeText(bytes), opts.maxRoms)
    }
  } catch (err) {
    if (err instanceof XmlReadError) throw new DatError(err.message)
    throw err
  }
  throw new DatError(
    'This is not a DAT file the library can read: it is neither Logiqx XML (<datafile>) nor ' +
      'clrmamepro text (clrmamepro ( … ) game ( … )).',
  )
}
