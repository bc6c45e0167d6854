// Output writers: the iNES header, the ROM file (.nes or -raw), Motorola S-records (-srec) and the
// -s/-S segment-usage report, all byte-for-byte as NESASM 3.1 writes them.
import { BANK_SIZE } from './rom-image'

export interface InesFields {
  prg: number
  chr: number
  map0: number
  map1: number
}

/** The 16-byte iNES header: "NES" $1A, PRG (16 KB units), CHR (8 KB units), flags 6 and 7. */
export function writeInesHeader(f: InesFields): Uint8Array {
  const h = new Uint8Array(16)
  h[0] = 0x4e
  h[1] = 0x45
  h[2] = 0x53
  h[3] = 0x1a
  h[4] = f.prg & 0xff
  h[5] = f.chr & 0xff
  h[6] = f.map0 & 0xff
  h[7] = f.map1 & 0xff
  return h
}

/** The ROM file: header (unless raw) + banks 0..maxBank (8 KB each). */
export function writeRom(rom: Uint8Array, maxBank: number, header: Uint8Array | null): Uint8Array {
  const size = (maxBank + 1) * BANK_SIZE
  const out = new Uint8Array((header ? 16 : 0) + size)
  if (header) out.set(header, 0)
  out.set(rom.subarray(0, size), header ? 16 : 0)
  return out
}

function hex(n: number, digits: number): string {
  return (n >>> 0).toString(16).toUpperCase().padStart(digits, '0').slice(-digits)
}

/** S2 records of up to 32 bytes for each run of written bytes (ROM offsets), then an S8 record. */
export function writeSrec(rom: Uint8Array, map: Uint8Array, maxBank: number): string {
  const lines: string[] = []
  const end = (maxBank + 1) * BANK_SIZE
  let p = 0
  while (p < end) {
    if (map[p] === 0xff) {
      p++
      continue
    }
    const bankEnd = (Math.floor(p / BANK_SIZE) + 1) * BANK_SIZE
    let n = 0
    while (n < 32 && p + n < bankEnd && map[p + n] !== 0xff) n++
    let sum = n + 4 + ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)
    let data = ''
    for (let i = 0; i < n; i++) {
      const b = rom[p + i] ?? 0
      sum += b
      data += hex(b, 2)
    }
    lines.push(`S2${hex(n + 4, 2)}${hex(p, 6)}${data}${hex(~sum & 0xff, 2)}`)
    p += n
  }
  // the page NESASM's map records for bank 0's first byte; an unwritten byte's $FF reads as page 7
  const m0 = map[0] ?? 0xff
  const addr = ((m0 >> 5) & 7) << 13
  const sum = 4 + ((addr >> 16) & 0xff) + ((addr >> 8) & 0xff) + (addr & 0xff)
  lines.push(`S804${hex(addr, 6)}${hex(~sum & 0xff, 2)}`)
  return lines.join('\n')
}

const SECTION_NAMES = ['  ZP', ' BSS', 'CODE', 'DATA']

/** The -s (basic) / -S (detailed) segment report printed after assembly. */
export function segmentReport(
  map: Uint8Array,
  maxBank: number,
  maxZp: number,
  maxBss: number,
  bankNames: string[],
  detailed: boolean,
): string {
  const out: string[] = ['segment usage:\n', '\n']
  const pad = (n: number, w: number): string => String(n).padStart(w, ' ')
  // NESASM's test: max_zp starts at 1, so a single byte reserved at $00 is reported as unused
  if (maxZp <= 1) out.push('      ZP    -\n')
  else out.push(`      ZP    $0000-$${hex(maxZp - 1, 4)}  [${pad(maxZp, 4)}]\n`)
  if (maxBss <= 0x201) out.push('     BSS    -\n')
  else out.push(`     BSS    $0200-$${hex(maxBss - 1, 4)}  [${pad(maxBss - 0x200, 4)}]\n`)
  let used = 0
  let free = 0
  if (maxBank) out.push('\t\t\t\t    USED/FREE\n')
  for (let b = 0; b <= maxBank; b++) {
    const base = b * BANK_SIZE
    let nb = 0
    for (let j = 0; j < BANK_SIZE; j++) if (map[base + j] !== 0xff) nb++
    const name = (bankNames[b] ?? '').padStart(20, ' ')
    if (!nb) {
      out.push(`BANK${pad(b, 4)}    ${name}       0/8192\n`)
      continue
    }
    out.push(`BANK${pad(b, 4)}    ${name}    ${pad(nb, 4)}/${pad(BANK_SIZE - nb, 4)}\n`)
    used += nb
    free += BANK_SIZE - nb
    if (!detailed) continue
    let addr = 0
    for (;;) {
      while (addr < BANK_SIZE && map[base + addr] === 0xff) addr++
      if (addr >= BANK_SIZE) break
      const m = map[base + addr] ?? 0
      const section = m & 0x0f
      const page = (m & 0xe0) << 8
      const start = addr
      while (addr < BANK_SIZE && ((map[base + addr] ?? 0) & 0x0f) === section) addr++
      out.push(
        `    ${SECTION_NAMES[section] ?? 'CODE'}    $${hex(start + page, 4)}-$${hex(addr + page - 1, 4)}  [${pad(addr - start, 4)}]\n`,
      )
    }
  }
  out.push('\t\t\t\t    ---- ----\n')
  out.push(`\t\t\t\t    ${pad((used + 511) >> 10, 4)}K${pad((free + 511) >> 10, 4)}K\n`)
  return out.join('')
}
