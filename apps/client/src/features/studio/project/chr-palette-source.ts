// Finds a project's NES palette data for the CHR tile editor: a label whose name contains "pal" followed by
// .db/.byte values (16 or 32 bytes of $00-$3F, over one or several lines), or an .incbin of a 16/32-byte file of
// such values. Numbers are read the way NESASM reads them ($hex, 0xhex, %binary with _, decimal); a value that is an
// expression or a symbol makes the label not palette data, as the finder cannot know its value.
import { chrTextToBytes } from './chr-text'
import type { EditorFile } from './project-files'
import { encodeText } from './text-bytes'

export interface PaletteSource {
  /** The file and 1-based line of the label (or of the .incbin). */
  file: string
  line: number
  /** The label's name, when the data has one. */
  label?: string
  /** 16 (one set of four sub-palettes) or 32 (background then sprites) NES colour indices, $00-$3F. */
  colours: number[]
}

export interface SubPalette {
  /** 'BG 0'-'BG 3' and 'SPR 0'-'SPR 3'. */
  name: string
  /** Four NES colour indices. Colour 0 is the shared backdrop ($3F00, the first byte), as the PPU draws it. */
  colours: [number, number, number, number]
  source: PaletteSource
}

const DATA = /^\.?(db|byte)$/i
const INCBIN = /^\s*(?:([A-Za-z_.][\w.]*):?\s+)?\.?incbin\s+"([^"]*)"/i

/** A NESASM number ($1F, 0x1F, %0001_1111, 31), or undefined when the text is anything else. */
export function parseNesasmNumber(text: string): number | undefined {
  const t = text.trim()
  let match = /^\$([0-9a-f]*)$/i.exec(t) ?? /^0x([0-9a-f]+)$/i.exec(t)
  if (match) return match[1] === '' ? 0 : Number.parseInt(match[1]!, 16)
  match = /^%([01_]*)$/.exec(t)
  if (match) {
    const digits = match[1]!.replace(/_/g, '')
    return digits === '' ? 0 : Number.parseInt(digits, 2)
  }
  return /^\d+$/.test(t) ? Number.parseInt(t, 10) : undefined
}

/** The code of a line without its comment (a `;` outside quotes); a line starting with `*` is all comment. */
function stripComment(line: string): string {
  if (line.startsWith('*')) return ''
  let quote: string | undefined
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!
    if (quote) {
      if (ch === quote) quote = undefined
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === ';') return line.slice(0, i)
  }
  return line
}

interface Statement {
  label?: string
  operation?: string
  operand: string
}

/** Splits a line into label, operation and operand (NESASM: a symbol in column 1 is a label, colon or not). */
function splitStatement(code: string): Statement {
  let rest = code
  let label: string | undefined
  const inColumn1 = /^([A-Za-z_.][\w.]*):?/.exec(rest)
  const indented = /^\s+([A-Za-z_.][\w.]*):/.exec(rest)
  const found = inColumn1 ?? indented
  if (found) {
    label = found[1]
    rest = rest.slice(found[0].length)
  }
  const op = /^\s*(\S+)\s*(.*)$/.exec(rest)
  return { label, operation: op?.[1], operand: op?.[2]?.trim() ?? '' }
}

/** The values of a .db operand, or undefined when one of them is not a plain number. */
function dataValues(operand: string): number[] | undefined {
  const values: number[] = []
  for (const part of operand.split(',')) {
    const value = parseNesasmNumber(part)
    if (value === undefined) return undefined
    values.push(value)
  }
  return values
}

const isPalette = (values: readonly number[]) =>
  (values.length === 16 || values.length === 32) && values.every((v) => v >= 0 && v <= 0x3f)

/** The .db values that follow a label (on its line and the next data lines), or undefined if they are not numbers. */
function valuesAfterLabel(lines: readonly string[], start: number, first: Statement) {
  const values: number[] = []
  let statement = first
  for (let i = start; i < lines.length; i += 1) {
    if (i > start) {
      const code = stripComment(lines[i]!)
      if (code.trim() === '') continue
      statement = splitStatement(code)
      if (statement.label) break
    }
    if (!statement.operation) continue
    if (!DATA.test(statement.operation)) break
    const more = dataValues(statement.operand)
    if (!more) return undefined
    values.push(...more)
    if (values.length > 32) return undefined
  }
  return values
}

function fileBytes(file: EditorFile): Uint8Array {
  if (file.binary) return file.binary
  if (file.type === 'chr') return chrTextToBytes(file.content).bytes
  return encodeText(file.content, file.encoding)
}

/** The file an .incbin names: by its path in the project, else next to the including file. */
function resolve(files: readonly EditorFile[], from: string, name: string) {
  const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : ''
  return files.find((f) => f.filename === name) ?? files.find((f) => f.filename === folder + name)
}

function scanFile(file: EditorFile, files: readonly EditorFile[]): PaletteSource[] {
  const found: PaletteSource[] = []
  const lines = file.content.split(/\r\n|\r|\n/)
  lines.forEach((raw, index) => {
    if (raw.startsWith(';')) return
    const code = stripComment(raw)
    const incbin = INCBIN.exec(code)
    if (incbin) {
      const target = resolve(files, file.filename, incbin[2]!.trim())
      const bytes = target && target !== file ? [...fileBytes(target)] : []
      if (isPalette(bytes)) {
        found.push({ file: file.filename, line: index + 1, label: incbin[1], colours: bytes })
      }
      return
    }
    const statement = splitStatement(code)
    if (!statement.label || !/pal/i.test(statement.label)) return
    const values = valuesAfterLabel(lines, index, statement)
    if (values && isPalette(values)) {
      found.push({ file: file.filename, line: index + 1, label: statement.label, colours: values })
    }
  })
  return found
}

/** Every piece of palette data in the project's source files, in file order. */
export function findPaletteData(files: readonly EditorFile[]): PaletteSource[] {
  return files
    .filter((f) => !f.binary && f.type !== 'chr' && /\.(asm|inc|s|h)$/i.test(f.filename))
    .flatMap((f) => scanFile(f, files))
}

/**
 * The sub-palettes of a source: 32 bytes give BG 0-3 then SPR 0-3; 16 bytes give four, named SPR when the label
 * says so (it contains "spr" or "obj"), else BG.
 */
export function subPalettes(source: PaletteSource): SubPalette[] {
  const sprites16 = source.colours.length === 16 && /spr|obj/i.test(source.label ?? '')
  const backdrop = source.colours[0]!
  return Array.from({ length: source.colours.length / 4 }, (_, i) => {
    const base = i * 4
    const [, c1, c2, c3] = source.colours.slice(base, base + 4) as [number, number, number, number]
    const kind = i >= 4 || sprites16 ? 'SPR' : 'BG'
    return { name: `${kind} ${i % 4}`, colours: [backdrop, c1, c2, c3], source }
  })
}

/** "file:line" of a source, as the editor shows it. */
export function sourcePlace(source: PaletteSource): string {
  return `${source.file}:${source.line}`
}
