// Data directives: .db/.byte, .dw/.word, .ds, .defchr, and the SIZEOF bookkeeping of a label.
import type { Asm } from './context'
import { BANK_SIZE, DS_MARK, ROM_LIMIT } from './rom-image'
import type { ExprState } from './expr'
import { evaluate } from './expr'
import { isSpace, labldef } from './labels'
import { S_BSS, S_ZP } from './opcodes'
import type { DataType } from './symbols'
import { RESERVED_BANK } from './symbols'

/** Records a data size on the line's label, or adds it to the label of the current data run. */
export function recordSize(a: Asm, type: DataType, size: number): void {
  if (a.lablptr) {
    a.lablptr.dataType = type
    a.lablptr.dataSize = size
  } else if (a.lastlabl && a.lastlabl.dataType === type) {
    a.lastlabl.dataSize += size
  }
}

export function doDb(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  a.dataLoccnt = a.loccnt
  a.dataLevel = 2
  a.ip++
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  let c = 0
  for (;;) {
    if ((a.ln[a.ip] ?? 0) === 34) {
      const ln = a.ln
      for (;;) {
        c = ln[++a.ip] ?? 0
        if (c === 34) break
        if (c === 0) {
          a.error('Unterminated ASCII string!', a.ip)
          return
        }
        if (c === 92) {
          c = ln[++a.ip] ?? 0
          if (c === 114) c = 13
          else if (c === 110) c = 10
          else if (c === 116) c = 9
        }
        if (a.pass === 1) a.putbyte(a.loccnt, c)
        a.loccnt++
      }
      a.ip++
    } else {
      const col = a.ip
      if (!evaluate(a, s, 0)) return
      a.loccnt++
      if (a.pass === 1) {
        const v = a.value >>> 0
        if (v > 0xff && v < 0xffffff80) {
          a.error('Overflow error!', col, `.db value ${a.value} does not fit in a byte (-128..255)`)
          return
        }
        a.putbyte(a.loccnt - 1, a.value)
      }
    }
    c = a.ln[a.ip++] ?? 0
    if (c !== 44) break
  }
  if (c !== 59 && c !== 0) {
    a.error('Syntax error!', a.ip - 1)
    return
  }
  recordSize(a, 'DB', a.loccnt - a.dataLoccnt)
  if (a.pass === 1) a.println()
}

export function doDw(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  a.dataLoccnt = a.loccnt
  a.dataSize = 2
  a.dataLevel = 2
  let c = 0
  for (;;) {
    const col = a.ip
    if (!evaluate(a, s, 0)) return
    a.loccnt += 2
    if (a.pass === 1) {
      const v = a.value >>> 0
      if (v > 0xffff && v < 0xffff8000) {
        a.error(
          'Overflow error!',
          col,
          `.dw value ${a.value} does not fit in a word (-32768..65535)`,
        )
        return
      }
      a.putword(a.loccnt - 2, a.value)
    }
    c = a.ln[a.ip++] ?? 0
    if (c !== 44) break
  }
  if (c !== 59 && c !== 0) {
    a.error('Syntax error!', a.ip - 1)
    return
  }
  recordSize(a, 'DB', a.loccnt - a.dataLoccnt)
  if (a.pass === 1) a.println()
}

export function doDs(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  if (!evaluate(a, s, 59)) return
  const limit = a.section === S_ZP ? 0x100 : a.section === S_BSS ? 0x800 : BANK_SIZE
  const value = a.value
  if (a.loccnt + value > limit) {
    a.error('Out of range!')
    return
  }
  const addr = a.loccnt + value
  if (a.section === S_ZP && addr > a.maxZp) a.maxZp = addr
  if (a.section === S_BSS && addr > a.maxBss) a.maxBss = addr
  if (a.pass === 1) {
    if (a.section !== S_ZP && a.section !== S_BSS && a.bank < RESERVED_BANK && value > 0) {
      const p = a.bank * BANK_SIZE + a.loccnt
      a.fillTo(p + value)
      for (let i = 0; i < value; i++)
        if (((a.map[p + i] ?? 0xff) & DS_MARK) === 0) a.overwrote = true
      a.rom.fill(0, p, p + value)
      a.map.fill(a.section + (a.page << 5) + DS_MARK, p, p + value)
      a.romStores++
      if (a.bank > a.maxBank) a.maxBank = a.bank
    }
    a.loadlc(a.loccnt, 0)
    a.println()
  }
  a.loccnt += value
}

/** putbuffer(): stores bytes at the current location, continuing into the following banks. */
export function putBuffer(a: Asm, data: Uint8Array | null, size: number): boolean {
  if (size === 0) return true
  if (a.bank >= RESERVED_BANK) {
    if (a.loccnt + size > 0x1fff) {
      a.fatal('PROC overflow!')
      return false
    }
  } else {
    const addr = a.loccnt + size + a.bank * BANK_SIZE
    if (addr > ROM_LIMIT) {
      a.fatal('ROM overflow!')
      return false
    }
    if (a.pass === 1) {
      const p = a.bank * BANK_SIZE + a.loccnt
      const end = Math.min(p + size, a.map.length)
      a.fillTo(end)
      for (let i = p; i < end; i++) if (((a.map[i] ?? 0xff) & DS_MARK) === 0) a.overwrote = true
      if (data) a.rom.set(data.subarray(0, size), p)
      else a.rom.fill(0, p, p + size)
      a.romStores++
      a.map.fill(a.section + (a.page << 5), p, p + size)
    }
  }
  a.bank += (a.loccnt + size) >> 13
  a.loccnt = (a.loccnt + size) & 0x1fff
  if (a.bank < RESERVED_BANK && a.bank > a.maxBank) {
    a.maxBank = a.loccnt ? a.bank : a.bank - 1
  }
  return true
}

/** .defchr: one 8x8 tile from 8 rows of 8 hex digits (pixel values 0-3). */
export function doDefchr(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  a.dataLoccnt = a.loccnt
  a.dataSize = 3
  a.dataLevel = 3
  const rows = new Int32Array(8)
  for (let i = 0; i < 8; i++) {
    if (!evaluate(a, s, i < 7 ? 44 : 59)) return
    rows[i] = a.value
  }
  const tile = new Uint8Array(16)
  if (a.pass === 1) {
    let err = false
    for (let i = 0; i < 8; i++) {
      let pixel = rows[i] ?? 0
      for (let j = 0; j < 8; j++) {
        if (pixel & 0x0c) err = true
        if (pixel & 1) tile[i] = (tile[i] ?? 0) | (1 << j)
        if (pixel & 2) tile[i + 8] = (tile[i + 8] ?? 0) | (1 << j)
        pixel >>>= 4
      }
    }
    if (err) a.error('Incorrect pixel color index!')
  }
  putBuffer(a, tile, 16)
  if (a.pass === 1) a.println()
}
