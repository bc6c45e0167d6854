// Symbol table: global symbols with NESASM's 256-bucket hash order (which fixes the .fns order),
// local symbols hanging off their global label, and the symbol record fields NESASM keeps.

/** Symbol types, as NESASM numbers them. */
export const UNDEF = 1
export const IFUNDEF = 2
export const MDEF = 3
export const DEFABS = 4
export const MACRO = 5
export const FUNC = 6

/** Bank value of symbols that have no ROM bank (constants, RAM labels, undefined). */
export const RESERVED_BANK = 0xf0

/** Data-type marker for SIZEOF runs (-1 = no size). */
export type DataType = -1 | 'DB' | 'INCBIN' | 'INCCHR'

export interface Sym {
  name: string
  type: number
  value: number
  bank: number
  page: number
  refcnt: number
  reserved: boolean
  dataType: DataType
  dataSize: number
  /** Creation order, used to reproduce NESASM's newest-first bucket order. */
  serial: number
  /** Local symbols of a global label. */
  locals: Map<string, Sym> | null
}

/** NESASM's symbol hash: signed 32-bit, h += c; h = h*8 + (h >> 5) + c; bucket = h & 255. */
export function symHash(name: string): number {
  let h = 0
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i)
    if (c > 127) c -= 256
    h = (h + c) | 0
    h = ((h << 3) + (h >> 5) + c) | 0
  }
  return h & 0xff
}

export class SymbolTable {
  readonly globals = new Map<string, Sym>()
  private serial = 0

  create(name: string, type: number): Sym {
    return {
      name,
      type,
      value: 0,
      bank: RESERVED_BANK,
      page: -1,
      refcnt: 0,
      reserved: false,
      dataType: -1,
      dataSize: 0,
      serial: this.serial++,
      locals: null,
    }
  }

  /** Symbols that go into the .fns file, in NESASM's order. */
  fnsEntries(): Sym[] {
    const out: { s: Sym; h: number }[] = []
    for (const s of this.globals.values()) {
      if (s.bank < RESERVED_BANK) out.push({ s, h: symHash(s.name) })
    }
    out.sort((a, b) => a.h - b.h || b.s.serial - a.s.serial)
    return out.map((e) => e.s)
  }
}

/** Formats the .fns text exactly as NESASM writes it (LF line ends). */
export function formatFns(mainName: string, table: SymbolTable): string {
  const parts = [`; ${mainName}\n`]
  for (const s of table.fnsEntries()) {
    const v = s.value < 0 ? (s.value >>> 0).toString(16) : s.value.toString(16)
    parts.push(`${s.name.padEnd(32)} = $${v.toUpperCase().padStart(4, '0')}\n`)
  }
  return parts.join('')
}
