// Instruction and directive tables of NESASM 3.1 (NES mode): mnemonics with their addressing-mode
// opcodes, and the directive names with the sections they are allowed in.

/** Addressing-mode bits (the same bit layout NESASM uses, so mode arithmetic matches). */
export const ACC = 0x1
export const IMM = 0x2
export const ZP = 0x4
export const ZP_X = 0x8
export const ZP_Y = 0x10
export const ZP_IND = 0x20
export const ZP_IND_X = 0x40
export const ZP_IND_Y = 0x80
export const ABS = 0x100
export const ABS_X = 0x200
export const ABS_Y = 0x400
export const ABS_IND = 0x800
export const ABS_IND_X = 0x1000

/** Instruction classes: 1 = implied (1 byte), 2 = relative branch, 4 = addressing modes. */
export type InstClass = 1 | 2 | 4

export interface Instruction {
  kind: 'inst'
  name: string
  cls: InstClass
  /** Allowed modes (class 4). */
  flags: number
  /** Implied/branch opcode (class 1/2). */
  opcode: number
  /** Opcode per mode bit index 0..12 (class 4), -1 if absent. */
  modeOpcodes: Int16Array
  /** Position in OP_ENTRIES. */
  index: number
}

// mode columns: ACC IMM ZP ZP_X ZP_Y ZP_IND ZP_IND_X ZP_IND_Y ABS ABS_X ABS_Y ABS_IND ABS_IND_X
const MODE_TABLE: Record<string, (number | null)[]> = {
  ADC: [null, 0x69, 0x65, 0x75, null, null, 0x61, 0x71, 0x6d, 0x7d, 0x79, null, null],
  AND: [null, 0x29, 0x25, 0x35, null, null, 0x21, 0x31, 0x2d, 0x3d, 0x39, null, null],
  ASL: [0x0a, null, 0x06, 0x16, null, null, null, null, 0x0e, 0x1e, null, null, null],
  BIT: [null, 0x89, 0x24, 0x34, null, null, null, null, 0x2c, 0x3c, null, null, null],
  CMP: [null, 0xc9, 0xc5, 0xd5, null, null, 0xc1, 0xd1, 0xcd, 0xdd, 0xd9, null, null],
  CPX: [null, 0xe0, 0xe4, null, null, null, null, null, 0xec, null, null, null, null],
  CPY: [null, 0xc0, 0xc4, null, null, null, null, null, 0xcc, null, null, null, null],
  DEC: [0x3a, null, 0xc6, 0xd6, null, null, null, null, 0xce, 0xde, null, null, null],
  EOR: [null, 0x49, 0x45, 0x55, null, null, 0x41, 0x51, 0x4d, 0x5d, 0x59, null, null],
  INC: [0x1a, null, 0xe6, 0xf6, null, null, null, null, 0xee, 0xfe, null, null, null],
  JMP: [null, null, null, null, null, null, null, null, 0x4c, null, null, 0x6c, 0x7c],
  JSR: [null, null, null, null, null, null, null, null, 0x20, null, null, null, null],
  LDA: [null, 0xa9, 0xa5, 0xb5, null, null, 0xa1, 0xb1, 0xad, 0xbd, 0xb9, null, null],
  LDX: [null, 0xa2, 0xa6, null, 0xb6, null, null, null, 0xae, null, 0xbe, null, null],
  LDY: [null, 0xa0, 0xa4, 0xb4, null, null, null, null, 0xac, 0xbc, null, null, null],
  LSR: [0x4a, null, 0x46, 0x56, null, null, null, null, 0x4e, 0x5e, null, null, null],
  ORA: [null, 0x09, 0x05, 0x15, null, null, 0x01, 0x11, 0x0d, 0x1d, 0x19, null, null],
  ROL: [0x2a, null, 0x26, 0x36, null, null, null, null, 0x2e, 0x3e, null, null, null],
  ROR: [0x6a, null, 0x66, 0x76, null, null, null, null, 0x6e, 0x7e, null, null, null],
  SBC: [null, 0xe9, 0xe5, 0xf5, null, null, 0xe1, 0xf1, 0xed, 0xfd, 0xf9, null, null],
  STA: [null, null, 0x85, 0x95, null, null, 0x81, 0x91, 0x8d, 0x9d, 0x99, null, null],
  STX: [null, null, 0x86, null, 0x96, null, null, null, 0x8e, null, null, null, null],
  STY: [null, null, 0x84, 0x94, null, null, null, null, 0x8c, null, null, null, null],
}

const IMPLIED: Record<string, number> = {
  BRK: 0x00,
  CLC: 0x18,
  CLD: 0xd8,
  CLI: 0x58,
  CLV: 0xb8,
  DEX: 0xca,
  DEY: 0x88,
  INX: 0xe8,
  INY: 0xc8,
  NOP: 0xea,
  PHA: 0x48,
  PHP: 0x08,
  PLA: 0x68,
  PLP: 0x28,
  RTI: 0x40,
  RTS: 0x60,
  SEC: 0x38,
  SED: 0xf8,
  SEI: 0x78,
  TAX: 0xaa,
  TAY: 0xa8,
  TSX: 0xba,
  TXA: 0x8a,
  TXS: 0x9a,
  TYA: 0x98,
}

const BRANCHES: Record<string, number> = {
  BCC: 0x90,
  BCS: 0xb0,
  BEQ: 0xf0,
  BMI: 0x30,
  BNE: 0xd0,
  BPL: 0x10,
  BVC: 0x50,
  BVS: 0x70,
}

/** Directive identifiers (NESASM's P_* values where they matter for SIZEOF runs). */
export type DirectiveId =
  | 'DB'
  | 'DW'
  | 'DS'
  | 'EQU'
  | 'ORG'
  | 'PAGE'
  | 'BANK'
  | 'INCBIN'
  | 'INCLUDE'
  | 'INCCHR'
  | 'MACRO'
  | 'ENDM'
  | 'LIST'
  | 'MLIST'
  | 'NOLIST'
  | 'NOMLIST'
  | 'RSSET'
  | 'RS'
  | 'IF'
  | 'ELSE'
  | 'ENDIF'
  | 'FAIL'
  | 'ZP'
  | 'BSS'
  | 'CODE'
  | 'DATA'
  | 'DEFCHR'
  | 'FUNC'
  | 'IFDEF'
  | 'IFNDEF'
  | 'INESPRG'
  | 'INESCHR'
  | 'INESMAP'
  | 'INESMIR'
  | 'OPT'
  | 'PROC'
  | 'ENDP'
  | 'PROCGROUP'
  | 'ENDPROCGROUP'
  | 'CALL'

export interface Directive {
  kind: 'dir'
  id: DirectiveId
  /** Allowed sections as bits: 1 = zp, 2 = bss, 4 = code, 8 = data. */
  sections: number
  /** Position in OP_ENTRIES. */
  index: number
}

/** Section numbers as NESASM numbers them. */
export const S_ZP = 0
export const S_BSS = 1
export const S_CODE = 2
export const S_DATA = 3

const ROM_ONLY = 0x0c
const ANY = 0x0f
const CODE_ONLY = 0x04

const DIRECTIVES: [string, DirectiveId, number, boolean][] = [
  // name, id, sections, has a dotted form
  ['BANK', 'BANK', ROM_ONLY, true],
  ['BSS', 'BSS', ANY, true],
  ['BYTE', 'DB', ROM_ONLY, true],
  ['CODE', 'CODE', ANY, true],
  ['DATA', 'DATA', ANY, true],
  ['DB', 'DB', ROM_ONLY, true],
  ['DW', 'DW', ROM_ONLY, true],
  ['DS', 'DS', ANY, true],
  ['ELSE', 'ELSE', ANY, true],
  ['ENDIF', 'ENDIF', ANY, true],
  ['ENDM', 'ENDM', ANY, true],
  ['ENDP', 'ENDP', CODE_ONLY, true],
  ['ENDPROCGROUP', 'ENDPROCGROUP', CODE_ONLY, true],
  ['EQU', 'EQU', ANY, true],
  ['FAIL', 'FAIL', ANY, true],
  ['FUNC', 'FUNC', ANY, true],
  ['IF', 'IF', ANY, true],
  ['IFDEF', 'IFDEF', ANY, true],
  ['IFNDEF', 'IFNDEF', ANY, true],
  ['INCBIN', 'INCBIN', ROM_ONLY, true],
  ['INCLUDE', 'INCLUDE', ANY, true],
  ['INCCHR', 'INCCHR', ROM_ONLY, true],
  ['LIST', 'LIST', ANY, true],
  ['MAC', 'MACRO', ANY, true],
  ['MACRO', 'MACRO', ANY, true],
  ['MLIST', 'MLIST', ANY, true],
  ['NOLIST', 'NOLIST', ANY, true],
  ['NOMLIST', 'NOMLIST', ANY, true],
  ['OPT', 'OPT', ANY, true],
  ['ORG', 'ORG', ANY, true],
  ['PAGE', 'PAGE', ROM_ONLY, true],
  ['PROC', 'PROC', CODE_ONLY, true],
  ['PROCGROUP', 'PROCGROUP', CODE_ONLY, true],
  ['RSSET', 'RSSET', ANY, true],
  ['RS', 'RS', ANY, true],
  ['WORD', 'DW', ROM_ONLY, true],
  ['ZP', 'ZP', ANY, true],
  ['DEFCHR', 'DEFCHR', ROM_ONLY, true],
  ['INESPRG', 'INESPRG', ANY, true],
  ['INESCHR', 'INESCHR', ANY, true],
  ['INESMAP', 'INESMAP', ANY, true],
  ['INESMIR', 'INESMIR', ANY, true],
  ['CALL', 'CALL', CODE_ONLY, false],
  ['=', 'EQU', ANY, false],
]

export type OpEntry = Instruction | Directive

function buildTable(): Map<string, OpEntry> {
  const t = new Map<string, OpEntry>()
  for (const [name, row] of Object.entries(MODE_TABLE)) {
    const modeOpcodes = new Int16Array(13).fill(-1)
    let flags = 0
    row.forEach((op, i) => {
      if (op !== null) {
        modeOpcodes[i] = op
        flags |= 1 << i
      }
    })
    t.set(name, { kind: 'inst', name, cls: 4, flags, opcode: 0, modeOpcodes, index: 0 })
  }
  const none = new Int16Array(13).fill(-1)
  for (const [name, op] of Object.entries(IMPLIED)) {
    t.set(name, { kind: 'inst', name, cls: 1, flags: 0, opcode: op, modeOpcodes: none, index: 0 })
  }
  for (const [name, op] of Object.entries(BRANCHES)) {
    t.set(name, { kind: 'inst', name, cls: 2, flags: 0, opcode: op, modeOpcodes: none, index: 0 })
  }
  for (const [name, id, sections, dotted] of DIRECTIVES) {
    const d: Directive = { kind: 'dir', id, sections, index: 0 }
    t.set(name, d)
    if (dotted) t.set('.' + name, d)
  }
  return t
}

/** All operation words, keyed by their upper-case spelling (directives with and without the dot). */
export const OP_TABLE: ReadonlyMap<string, OpEntry> = buildTable()

/** Every distinct operation once; each entry's `index` is its position here. */
export const OP_ENTRIES: readonly OpEntry[] = [...new Set(OP_TABLE.values())]
OP_ENTRIES.forEach((e, i) => {
  e.index = i
})

/** True if `name` (any case) is a 6502 mnemonic NESASM knows. */
export function isMnemonic(name: string): boolean {
  const e = OP_TABLE.get(name.toUpperCase())
  return e !== undefined && e.kind === 'inst'
}

// ---- allocation-free look-up of an operation word in a line (hot path: every statement)

const HASH_SIZE = 1024
const hashKeys: Uint8Array[] = []
const hashEntries: OpEntry[] = []
const hashIndex = new Int16Array(HASH_SIZE).fill(-1)

function hashUpper(s: Uint8Array, start: number, end: number): number {
  let h = 0
  for (let i = start; i < end; i++) {
    let c = s[i] ?? 0
    if (c >= 97 && c <= 122) c -= 32
    h = (Math.imul(h, 31) + c) | 0
  }
  return (h ^ (h >>> 10)) & (HASH_SIZE - 1)
}

/** The bytes of an ASCII string (a plain loop: Uint8Array.from with a callback is slow at start-up). */
function asciiBytes(key: string): Uint8Array {
  const b = new Uint8Array(key.length)
  for (let i = 0; i < key.length; i++) b[i] = key.charCodeAt(i)
  return b
}

for (const [key, entry] of OP_TABLE) {
  const bytes = asciiBytes(key)
  let slot = hashUpper(bytes, 0, key.length)
  while (hashIndex[slot] !== -1) slot = (slot + 1) & (HASH_SIZE - 1)
  hashIndex[slot] = hashKeys.length
  hashKeys.push(bytes)
  hashEntries.push(entry)
}

// Three-letter words (every mnemonic) made only of letters: a direct index by the letters' low
// five bits (the same for both cases), holding every such key of the table (-1 = no entry).
const isLetter = (c: number): boolean => ((c | 32) - 97) >>> 0 < 26
const threeLetter = new Int16Array(32 * 32 * 32).fill(-1)
hashKeys.forEach((k, idx) => {
  const [c0 = 0, c1 = 0, c2 = 0] = k
  if (k.length === 3 && isLetter(c0) && isLetter(c1) && isLetter(c2)) {
    threeLetter[((c0 & 31) << 10) | ((c1 & 31) << 5) | (c2 & 31)] = idx
  }
})

/** Looks up the line bytes `s[start, end)` case-insensitively without allocating. */
export function lookupOp(s: Uint8Array, start: number, end: number): OpEntry | undefined {
  const len = end - start
  if (len === 3) {
    const c0 = s[start] ?? 0
    const c1 = s[start + 1] ?? 0
    const c2 = s[start + 2] ?? 0
    if (isLetter(c0) && isLetter(c1) && isLetter(c2)) {
      const idx = threeLetter[((c0 & 31) << 10) | ((c1 & 31) << 5) | (c2 & 31)] ?? -1
      return idx < 0 ? undefined : hashEntries[idx]
    }
  }
  let slot = hashUpper(s, start, end)
  for (;;) {
    const idx = hashIndex[slot] ?? -1
    if (idx < 0) return undefined
    const key = hashKeys[idx]
    if (key !== undefined && key.length === len) {
      let i = 0
      for (; i < len; i++) {
        let c = s[start + i] ?? 0
        if (c >= 97 && c <= 122) c -= 32
        if (c !== key[i]) break
      }
      if (i === len) return hashEntries[idx]
    }
    slot = (slot + 1) & (HASH_SIZE - 1)
  }
}

/** lookupOp() on a whole name (any case). */
export function lookupOpName(name: string): OpEntry | undefined {
  return lookupOp(asciiBytes(name), 0, name.length)
}
