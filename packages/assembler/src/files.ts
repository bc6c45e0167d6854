// File directives: .include (nested source), .incbin (raw bytes, may run into the next banks)
// and .incchr (tiles converted from a PCX picture).
import type { Asm } from './context'
import { BANK_SIZE, DS_MARK, ROM_LIMIT } from './rom-image'
import type { ExprState } from './expr'
import { evaluate } from './expr'
import { isSpace, labldef } from './labels'
import { putBuffer, recordSize } from './data'
import type { PcxImage } from './pcx'
import { decodePcx, packTile } from './pcx'
import { findFile, openInput } from './reader'
import { latin1 } from './source'

/** getstring(): a file name in double quotes (at most `size` characters). */
export function getString(a: Asm, size: number): string | null {
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  if ((a.ln[a.ip++] ?? 0) !== 34) {
    a.error('Incorrect string syntax!', a.ip - 1)
    return null
  }
  const start = a.ip
  for (;;) {
    const c = a.ln[a.ip++] ?? 0
    if (c === 34) break
    if (a.ip - 1 - start >= size) {
      a.error('String too long!', start)
      return null
    }
  }
  const s = latin1(a.ln, start, a.ip - 1)
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  return s
}

export function doInclude(a: Asm): void {
  labldef(a, a.loccnt, true)
  const name = getString(a, 127)
  if (name === null) return
  const span = a.span(a.stmtCol)
  const opened = openInput(a, name)
  if (opened === -1) {
    a.fatal('Can not open file!')
    return
  }
  const file = a.inputs[a.infileNum]
  if (opened === 0 && file) a.noteRead(file.src.path, 'include', span)
  if (a.pass === 1) a.println()
}

export function doIncbin(a: Asm): void {
  const name = getString(a, 127)
  if (name === null) return
  labldef(a, a.loccnt, true)
  if (a.pass === 1) a.loadlc(a.loccnt, 0)
  const f = findFile(a, name)
  if (!f) {
    a.fatal('Can not open file!')
    return
  }
  a.noteRead(f.key, 'incbin')
  const size = f.bytes.length
  if (a.bank * BANK_SIZE + a.loccnt + size > ROM_LIMIT) {
    a.error('ROM overflow!')
    return
  }
  if (a.pass === 1) {
    const p = a.bank * BANK_SIZE + a.loccnt
    a.fillTo(p + size)
    for (let i = 0; i < size; i++) if (((a.map[p + i] ?? 0xff) & DS_MARK) === 0) a.overwrote = true
    a.rom.set(f.bytes, p)
    a.map.fill(a.section + (a.page << 5), p, p + size)
    if (size > 0) a.romStores++
    a.println()
  }
  a.bank += (a.loccnt + size) >> 13
  a.loccnt = (a.loccnt + size) & 0x1fff
  if (a.bank > a.maxBank) a.maxBank = a.loccnt ? a.bank : a.bank - 1
  recordSize(a, 'INCBIN', size)
}

/** The most recently loaded picture (NESASM keeps one and reuses it for the same name). */
const pcxCache = new WeakMap<Asm, { name: string; img: PcxImage }>()

export function doIncchr(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  if (a.pass === 1) a.loadlc(a.loccnt, 0)
  const name = getString(a, 127)
  if (name === null) return
  const args: number[] = []
  for (;;) {
    let c = 0
    do c = a.ln[a.ip++] ?? 0
    while (isSpace(c))
    if (c !== 44 && c !== 59 && c !== 0) {
      a.error('Syntax error!', a.ip - 1)
      return
    }
    if (c !== 44) break
    if (!evaluate(a, s, 0)) return
    args.push(a.value)
    if (args.length === 7) break
  }
  if (0xea & (1 << args.length)) {
    a.error('Invalid number of arguments!')
    return
  }
  const img = loadPcx(a, name)
  if (!img) return
  let x = 0
  let y = 0
  let w: number
  let h: number
  if (args.length === 0) {
    w = Math.floor(img.width / 8)
    h = Math.floor(img.height / 8)
  } else if (args.length === 2) {
    w = args[0] ?? 0
    h = args[1] ?? 0
  } else {
    x = args[0] ?? 0
    y = args[1] ?? 0
    w = args[2] ?? 0
    h = args[3] ?? 0
  }
  if ((x >>> 0) + (w >>> 0) * 8 > img.width || (y >>> 0) + (h >>> 0) * 8 > img.height) {
    a.error('Coordinates out of range!')
    return
  }
  const tile = new Uint8Array(16)
  let total = 0
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < w; j++) {
      if (a.pass === 1) packTile(img, x + j * 8, y + i * 8, tile)
      total += 16
      if (!putBuffer(a, tile, 16)) return
    }
  }
  recordSize(a, 'INCCHR', total)
  if (a.pass === 1) a.println()
}

function loadPcx(a: Asm, name: string): PcxImage | null {
  const cached = pcxCache.get(a)
  if (cached && name.length && cached.name.toLowerCase() === name.toLowerCase()) return cached.img
  const f = findFile(a, name)
  if (!f) {
    a.error('Can not open file!')
    return null
  }
  a.noteRead(f.key, 'incchr')
  const img = decodePcx(f.bytes)
  if (typeof img === 'string') {
    a.error(img)
    return null
  }
  pcxCache.set(a, { name, img })
  return img
}
