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
  /** Order of addition to the table (its index there, see SymbolTable.bySerial), used to
   * reproduce NESASM's newest-first bucket order. -1 until added. */
  serial: number
  /** The global label a local symbol belongs to (null for globals). */
  owner: Sym | null
  /** The table hash of (owner, name), kept so that growing the table does not rehash names. */
  hash: number
  /** The proc (or group) a code label was defined in, moved with it after pass 1. */
  proc: ProcRef | null
}

/** What the symbol table needs of a proc (see proc.ts). */
export interface ProcRef {
  bank: number
  org: number
  base: number
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

/** FNV-1a over the bytes `s[start, end)`, mixed with the owner's serial for local symbols. */
function hashRange(s: Uint8Array, start: number, end: number, ownerSerial: number): number {
  let h = 0x811c9dc5 ^ Math.imul(ownerSerial + 1, 0x9e3779b1)
  for (let i = start; i < end; i++) h = Math.imul(h ^ (s[i] ?? 0), 0x01000193)
  return h
}

/** hashRange() over a name (chars 0-255). */
function hashName(name: string, ownerSerial: number): number {
  let h = 0x811c9dc5 ^ Math.imul(ownerSerial + 1, 0x9e3779b1)
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193)
  return h
}

function sameName(name: string, s: Uint8Array, start: number, len: number): boolean {
  if (name.length !== len) return false
  for (let i = 0; i < len; i++) if (name.charCodeAt(i) !== s[start + i]) return false
  return true
}

/** Entries of SymbolTable's cache of recently found symbols (a power of two). */
const RECENT_SIZE = 256

export class SymbolTable {
  /** Global symbols in creation order (for the .fns file). */
  readonly globals: Sym[] = []
  /** Every symbol in the table, in insertion order. */
  private readonly all: Sym[] = []
  // open addressing over (owner, name), looked up straight from the line buffer: each slot is
  // [hash, index + 1 into `all`], so a probe reads no symbol until the hashes match
  private slots: Int32Array
  private mask: number
  /** The hash computed by the last find() (reused by add() after a failed find). */
  private lastHash = 0
  private readonly recent: (Sym | undefined)[] = new Array<Sym | undefined>(RECENT_SIZE).fill(
    undefined,
  )

  /** `capacity`: initial slot count (a power of two; the table doubles when half full). */
  constructor(capacity = 1024) {
    this.slots = new Int32Array(capacity * 2)
    this.mask = capacity - 1
  }

  /** Every symbol (globals and locals), in order of creation. */
  get symbols(): readonly Sym[] {
    return this.all
  }

  /** The symbol with this serial (serials number symbols in the order they were added). */
  bySerial(serial: number): Sym {
    return this.all[serial] as Sym
  }

  /** The slot count, a hint for sizing the next table. */
  get capacity(): number {
    return this.mask + 1
  }

  /** Finds the symbol named `s[start, start+len)` (owned by `owner` for locals) without allocating. */
  find(owner: Sym | null, s: Uint8Array, start: number, len: number): Sym | null {
    const os = owner ? owner.serial : -1
    const h = hashRange(s, start, start + len, os)
    this.lastHash = h
    // a small direct-mapped cache of recent hits: nearby lines name the same few symbols, and it
    // saves the probe into the (large, cache-missing) slot table; symbols are never removed
    const ci = h & (RECENT_SIZE - 1)
    const r = this.recent[ci]
    if (r !== undefined && r.hash === h && r.owner === owner && sameName(r.name, s, start, len)) {
      return r
    }
    const slots = this.slots
    let i = h & this.mask
    for (;;) {
      const id = slots[2 * i + 1] ?? 0
      if (id === 0) return null
      if (slots[2 * i] === h) {
        const e = this.all[id - 1]
        if (e && e.owner === owner && sameName(e.name, s, start, len)) {
          this.recent[ci] = e
          return e
        }
      }
      i = (i + 1) & this.mask
    }
  }

  /** Adds a new symbol (its name and owner must not be in the table yet). */
  add(sym: Sym): void {
    this.insert(sym, hashName(sym.name, sym.owner ? sym.owner.serial : -1))
  }

  /** add() for a symbol whose owner and name were just looked up by a failed find(). */
  addAfterFind(sym: Sym): void {
    this.insert(sym, this.lastHash)
  }

  private insert(sym: Sym, hash: number): void {
    sym.hash = hash
    if ((this.all.length + 1) * 2 > this.mask + 1) this.grow()
    sym.serial = this.all.length
    this.all.push(sym)
    this.place(hash, this.all.length)
    // a new symbol is usually named again on the next lines
    this.recent[hash & (RECENT_SIZE - 1)] = sym
    if (!sym.owner) this.globals.push(sym)
  }

  private place(hash: number, id: number): void {
    let i = hash & this.mask
    while (this.slots[2 * i + 1]) i = (i + 1) & this.mask
    this.slots[2 * i] = hash
    this.slots[2 * i + 1] = id
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2
    this.slots = new Int32Array(cap * 2)
    this.mask = cap - 1
    for (let k = 0; k < this.all.length; k++) this.place(this.all[k]?.hash ?? 0, k + 1)
  }

  /**
   * Calls `fn` for the symbols proc_reloc() moves: globals defined in a proc, and locals defined in
   * a proc under such a global.
   */
  forEachProcSymbol(fn: (sym: Sym & { proc: ProcRef }) => void): void {
    for (const s of this.all) {
      if (s.proc === null) continue
      if (s.owner !== null && s.owner.proc === null) continue
      fn(s as Sym & { proc: ProcRef })
    }
  }

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
      serial: -1,
      owner: null,
      hash: 0,
      proc: null,
    }
  }

  /** Symbols that go into the .fns file, in NESASM's order. */
  fnsEntries(): Sym[] {
    // bucket order, newest first inside a bucket: the globals are in creation order, so walking
    // them backwards into 256 lists sorts them without a comparison
    const buckets: Sym[][] = Array.from({ length: 256 }, () => [])
    for (let i = this.globals.length - 1; i >= 0; i--) {
      const s = this.globals[i] as Sym
      if (s.bank < RESERVED_BANK) (buckets[symHash(s.name)] as Sym[]).push(s)
    }
    return buckets.flat()
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
