// CHR text: the editable form of a .chr tab, converted to NES tile bytes so `.incbin "x.chr"` gets real tiles.
//
// Format (one item per line, `;` starts a comment, blank lines are ignored):
//   - a pixel row: exactly 8 characters, each a colour 0-3 or `.` (= 0), leftmost pixel first;
//     every 8 rows make one tile of 16 bytes (8 plane-0 bytes, then 8 plane-1 bytes, as .defchr);
//   - `.fill N` (decimal, $hex or 0xhex): pad with zero bytes up to N bytes in total.

export interface ChrProblem {
  message: string
  /** 1-based line and column in the CHR text. */
  line: number
  column: number
  /** Length of the marked text, in characters (at least 1). */
  length: number
}

export interface ChrConversion {
  bytes: Uint8Array
  problems: ChrProblem[]
}

const MAX_CHR_BYTES = 1024 * 1024

function parseCount(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10)
  const hex = /^(?:\$|0x)([0-9a-f]+)$/i.exec(text)
  return hex ? Number.parseInt(hex[1]!, 16) : undefined
}

/** Converts CHR text to bytes. Never throws: problems are returned with their positions. */
export function chrTextToBytes(text: string): ChrConversion {
  const out: number[] = []
  const problems: ChrProblem[] = []
  let rows: number[] = []
  let lastRowLine = 0
  const flushTile = () => {
    for (let plane = 0; plane < 2; plane += 1) {
      for (const row of rows) {
        let byte = 0
        for (let px = 0; px < 8; px += 1) byte |= ((row >> (2 * (7 - px) + plane)) & 1) << (7 - px)
        out.push(byte)
      }
    }
    rows = []
  }
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1
    const code = raw.split(';')[0]!
    const trimmed = code.trim()
    if (trimmed === '') return
    const column = code.indexOf(trimmed) + 1
    const fill = /^\.fill\s+(\S+)$/i.exec(trimmed)
    if (fill) {
      const size = parseCount(fill[1]!)
      if (rows.length > 0) {
        problems.push({
          message: 'Incomplete tile before .fill',
          line,
          column,
          length: trimmed.length,
        })
      } else if (size === undefined || size > MAX_CHR_BYTES) {
        problems.push({ message: 'Invalid .fill size', line, column, length: trimmed.length })
      } else if (size < out.length) {
        problems.push({
          message: `Data is already ${out.length} bytes, more than .fill ${size}`,
          line,
          column,
          length: trimmed.length,
        })
      } else {
        while (out.length < size) out.push(0)
      }
      return
    }
    if (!/^[0-3.]{8}$/.test(trimmed)) {
      problems.push({
        message: 'Expected a row of 8 pixels (0-3 or .) or .fill N',
        line,
        column,
        length: trimmed.length,
      })
      return
    }
    let value = 0
    for (const ch of trimmed) value = (value << 2) | (ch === '.' ? 0 : Number(ch))
    rows.push(value)
    lastRowLine = line
    if (rows.length === 8) flushTile()
  })
  if (rows.length > 0) {
    problems.push({
      message: `Incomplete tile: ${rows.length} of 8 rows`,
      line: lastRowLine,
      column: 1,
      length: 8,
    })
  }
  return { bytes: Uint8Array.from(out), problems }
}
