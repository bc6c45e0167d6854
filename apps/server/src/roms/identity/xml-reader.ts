// Reads an XML document with saxes (a streaming, well-formedness-checking parser) a slice at a time,
// yielding to the event loop between slices, so a large file never holds up other requests. Safe by
// construction: saxes never reads a DTD, so an entity declared in one is never expanded (no "billion
// laughs") and an external entity is never fetched; a document that declares entities is refused
// outright with a message that says so.
import { SaxesParser } from 'saxes'

/** Callbacks for the parts of a document the caller cares about; names are as written (no namespaces). */
export interface XmlHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>): void
  close?(name: string): void
  /** Character data (text and CDATA) of the element open now; may come in several pieces. */
  text?(text: string): void
}

/** The document cannot be read: malformed, not UTF-8, or declares entities. `message` says which. */
export class XmlReadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'XmlReadError'
  }
}

export interface ReadXmlOptions {
  /** Bytes parsed between two yields to the event loop; default 256 KiB. */
  sliceBytes?: number
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

function createParser(handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser({ position: true })
  parser.on('error', (err) => {
    throw new XmlReadError(`The XML is malformed (${err.message.replace(/\.$/, '')}).`)
  })
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      throw new XmlReadError(
        'The XML declares entities (<!ENTITY ...>). DAT and database files never need them, and ' +
          'they are how XML bombs and file-reading attacks work, so the file is refused.',
      )
    }
  })
  parser.on('opentag', (tag) => handlers.open(tag.name, tag.attributes as Record<string, string>))
  if (handlers.close) {
    const close = handlers.close
    parser.on('closetag', (tag) => close(tag.name))
  }
  if (handlers.text) {
    const text = handlers.text
    parser.on('text', text)
    parser.on('cdata', text)
  }
  return parser
}

/**
 * Parses `bytes` (UTF-8) and calls `handlers` in document order. Rejects with XmlReadError for a
 * malformed document, bytes that are not UTF-8, or entity declarations; errors thrown by a handler
 * reject the promise as they are.
 */
export async function readXml(
  bytes: Uint8Array,
  handlers: XmlHandlers,
  opts: ReadXmlOptions = {},
): Promise<void> {
  const slice = opts.sliceBytes ?? 256 * 1024
  const parser = createParser(handlers)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const decode = (chunk: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(chunk, { stream })
    } catch {
      throw new XmlReadError('The file is not UTF-8 text.')
    }
  }
  for (let at = 0; at < bytes.length; at += slice) {
    parser.write(decode(bytes.subarray(at, at + slice), true))
    if (at + slice < bytes.length) await yieldToEventLoop()
  }
  parser.write(decode(new Uint8Array(0), false))
  parser.close()
}
