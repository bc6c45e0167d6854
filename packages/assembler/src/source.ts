// Source text handling: bytes -> 8-bit strings, line splitting (LF, CR LF, lone CR) and the
// NESASM line buffer rules (TABs expanded to 8 columns, lines cut at the buffer size), and the
// source location of a statement for diagnostics.
import type { SourceSpan } from './diagnostics'

/** Columns of NESASM's line buffer that hold the source text (1580 minus the 26-column prefix). */
export const MAX_LINE_TEXT = 1554

/** One source file split into lines, kept as 8-bit strings (one char per byte). */
export interface SourceFile {
  /** The file name exactly as used to open it (e.g. `inc/part1.asm`). */
  name: string
  /** Its key in the project's file set (where `name` was found). */
  path: string
  /** The raw text, one char per byte (latin1). */
  text: string
  /** The file's bytes. */
  bytes: Uint8Array
  /** Line texts after TAB expansion and truncation, each followed by a NUL (the C string end). */
  lines: Line[]
  /** Offset (chars = bytes) of the first character of each line in `text`. */
  starts: Int32Array
  /** The buffer most lines are views of, at the same offsets as in `text` (see textOf). */
  lineBuffer: ArrayBufferLike
}

/**
 * A line buffer: latin1 bytes (one per character) ending with a NUL, the C string end. Reading
 * past its end gives `undefined`, which the scanners take as 0 (`?? 0`), like the NUL itself.
 */
export type Line = Uint8Array

/** Reused arrays of each length 0-32 for building short strings. */
const shortCodes: number[][] = Array.from({ length: 33 }, (_, n) => new Array<number>(n).fill(0))

/** The latin1 text of `b[start, end)`. */
export function latin1(b: Uint8Array, start: number, end: number): string {
  const n = end - start
  if (n <= 32) {
    // names and short texts: a reused array avoids a typed-array view per call
    const codes = shortCodes[n] as number[]
    for (let i = 0; i < n; i++) codes[i] = b[start + i] ?? 0
    return String.fromCharCode.apply(null, codes)
  }
  if (n <= 8192) {
    return String.fromCharCode.apply(null, b.subarray(start, end) as unknown as number[])
  }
  return bytesToLatin1(b.subarray(start, end))
}

/**
 * The text of `line[start, end)`: a slice of the file's text when the line is a view of its line
 * buffer (no TAB expansion), which is much cheaper than building the string from the bytes.
 */
export function textOf(file: SourceFile | null, line: Line, start: number, end: number): string {
  if (file !== null && line.buffer === file.lineBuffer) {
    const at = line.byteOffset
    return file.text.substring(at + start, at + end)
  }
  return latin1(line, start, end)
}

/** The text of a line buffer up to its NUL. */
export function lineText(b: Line): string {
  const n = b.indexOf(0)
  return latin1(b, 0, n < 0 ? b.length : n)
}

/** A line buffer of `n` blanks and a NUL (filled natively: this runs at start-up). */
export function blankLine(n: number): Line {
  const out = new Uint8Array(n + 1)
  out.fill(32, 0, n)
  return out
}

/** A line buffer holding `s` (chars 0-255) and a NUL. */
export function toLine(s: string): Line {
  const out = new Uint8Array(s.length + 1)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff
  return out
}

interface TextDecoderLike {
  decode(b: Uint8Array): string
}
const DecoderCtor = (globalThis as { TextDecoder?: new (label: string) => TextDecoderLike })
  .TextDecoder
const latin1Decoder: TextDecoderLike | null = DecoderCtor ? new DecoderCtor('latin1') : null
const utf8Decoder: TextDecoderLike | null = DecoderCtor ? new DecoderCtor('utf-8') : null

/** Decodes bytes as UTF-8 (bad sequences become U+FFFD), for showing source text to people. */
export function bytesToUtf8(bytes: Uint8Array): string {
  if (utf8Decoder) return utf8Decoder.decode(bytes)
  return bytesToLatin1(bytes)
}

/**
 * The number of UTF-16 code units (editor positions) the UTF-8 bytes decode to: columns are
 * reported in these so that they match the line as an editor shows it.
 */
export function utf16Length(bytes: Uint8Array): number {
  let ascii = true
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) ascii = false
  return ascii ? bytes.length : bytesToUtf8(bytes).length
}

const BEYOND_LATIN1 = /[^\0-\xff]/

/** Decodes bytes as latin1 so that every byte maps to exactly one char code 0-255. */
export function bytesToLatin1(bytes: Uint8Array): string {
  if (bytes.length > 256 && latin1Decoder) {
    // WHATWG 'latin1' is windows-1252, which differs from ISO-8859-1 only in 0x80-0x9F: there it
    // gives chars above U+00FF (or the same code for the five bytes it leaves undefined), so a
    // text without such chars is exact (a native scan, unlike a loop over the bytes)
    const s = latin1Decoder.decode(bytes)
    if (!BEYOND_LATIN1.test(s)) return s
  }
  const CHUNK = 8192
  if (bytes.length <= CHUNK) return String.fromCharCode.apply(null, bytes as unknown as number[])
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]))
  }
  return parts.join('')
}

/** Expands TABs to the next multiple of 8 columns (counted from the start of the text). */
export function expandTabs(s: string): string {
  let out = ''
  let last = 0
  let col = 0
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) === 9) {
      out += s.slice(last, i)
      col += i - last
      const n = 8 - (col % 8)
      out += '        '.slice(0, n)
      col += n
      last = i + 1
    }
  }
  return out + s.slice(last)
}

/** Prepares a line the way NESASM's readline() stores it. */
function formatLine(raw: string, hasTab: boolean, hasNul: boolean): string {
  let s = raw
  if (hasNul) s = s.slice(0, s.indexOf('\0'))
  if (hasTab) s = expandTabs(s)
  if (s.length > MAX_LINE_TEXT) s = s.slice(0, MAX_LINE_TEXT)
  return s
}

/** Splits a file into lines. A last line without a line end still counts; nothing after the last line end does. */
export function splitSource(name: string, bytes: Uint8Array): SourceFile {
  const text = bytesToLatin1(bytes)
  const lines: Line[] = []
  const starts: number[] = []
  // A copy of the bytes with each line end replaced by a NUL: most lines are then views of it
  // that already end with the C string terminator. Characters are found with the text's indexOf
  // (one char per byte, so the same offsets): a string's indexOf of one char is a native memchr,
  // where a Uint8Array's compares element by element (~6% of a large run's instructions).
  // a copy: a Node Buffer's slice() is a view, which these NULs would write into (the caller's
  // file) and whose offsets in `nul.buffer` would not start at 0
  const nul = new Uint8Array(bytes)
  const nulBuffer = nul.buffer
  const n = nul.length
  const hasNuls = text.indexOf('\0') >= 0
  let nextLf = text.indexOf('\n')
  let nextCr = text.indexOf('\r')
  let nextTab = text.indexOf('\t')
  let start = 0
  while (start < n) {
    if (nextLf >= 0 && nextLf < start) nextLf = text.indexOf('\n', start)
    if (nextCr >= 0 && nextCr < start) nextCr = text.indexOf('\r', start)
    let end = nextLf < 0 ? nextCr : nextCr < 0 ? nextLf : Math.min(nextLf, nextCr)
    if (end < 0) end = n
    starts.push(start)
    let next = end + 1
    if (end < n) {
      if (nul[end] === 13 && nul[end + 1] === 10) {
        nul[end + 1] = 0
        next = end + 2
      }
      nul[end] = 0
    }
    let line: Line
    if (end === n || hasNuls || end - start > MAX_LINE_TEXT) {
      const raw = text.slice(start, end)
      line = toLine(formatLine(raw, raw.indexOf('\t') >= 0, raw.indexOf('\0') >= 0))
    } else {
      // the constructor makes a view several times faster than subarray()
      line = new Uint8Array(nulBuffer, start, end + 1 - start)
      if (nextTab >= 0 && nextTab < start) nextTab = text.indexOf('\t', start)
      if (nextTab >= 0 && nextTab < end) {
        line = toLine(formatLine(text.slice(start, end), true, false))
      }
    }
    lines.push(line)
    start = next
  }
  return {
    name,
    path: name,
    text,
    bytes,
    lines,
    starts: Int32Array.from(starts),
    lineBuffer: nul.buffer,
  }
}

/**
 * Maps a column in an expanded line (0-based, TABs expanded) back to the raw column (0-based).
 * Used only to report diagnostics, so it may walk the line.
 */
export function rawColumn(file: SourceFile, line: number, expandedCol: number): number {
  const start = file.starts[line] ?? 0
  let col = 0
  let i = start
  const text = file.text
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 10 || c === 13) break
    const next = c === 9 ? col + (8 - (col % 8)) : col + 1
    if (next > expandedCol) break
    col = next
    i++
  }
  return i - start
}

/**
 * The location in `src` of the word at `expandedCol` (0-based, TABs expanded) of line `lineNo`
 * (1-based): its offset and length (up to a blank, line end or `;`; at least one character on a
 * non-empty line), line and column (1-based, in UTF-16 units of the line as an editor shows it).
 * A line number outside the file gives its end.
 */
export function statementSpan(src: SourceFile, lineNo: number, expandedCol: number): SourceSpan {
  const lineIdx = lineNo - 1
  if (lineIdx < 0 || lineIdx >= src.lines.length) {
    return {
      file: src.path,
      offset: src.text.length,
      length: 0,
      line: Math.max(1, lineNo),
      column: 1,
    }
  }
  const rawCol = rawColumn(src, lineIdx, expandedCol)
  const lineStart = src.starts[lineIdx] ?? 0
  const raw = src.lines[lineIdx]
  let len = 0
  const text = src.text
  while (lineStart + rawCol + len < text.length) {
    const c = text.charCodeAt(lineStart + rawCol + len)
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 59) break
    len++
  }
  if (len === 0 && raw !== undefined && raw.length > 1) len = 1
  return {
    file: src.path,
    offset: lineStart + rawCol,
    length: len,
    line: lineNo,
    column: utf16Length(src.bytes.subarray(lineStart, lineStart + rawCol)) + 1,
  }
}
