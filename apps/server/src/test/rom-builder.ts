// Test helper: iNES images built in code, and multipart bodies for app.inject.
export interface RomSpec {
  prgBanks?: number
  chrBanks?: number
  mapper?: number
  /** Flags 6 low nibble: bit0 vertical, bit1 battery, bit2 trainer, bit3 four-screen. */
  flags6Low?: number
  nes2?: boolean
  /** Varies the PRG bytes so each seed gives a different sha1. */
  seed?: number
  /** Extra bytes appended after PRG/CHR. */
  trailing?: number
}

export function buildRom(spec: RomSpec = {}): Uint8Array {
  const prg = spec.prgBanks ?? 1
  const chr = spec.chrBanks ?? 1
  const mapper = spec.mapper ?? 0
  const trainer = ((spec.flags6Low ?? 0) & 4) !== 0
  const size = 16 + (trainer ? 512 : 0) + prg * 16384 + chr * 8192 + (spec.trailing ?? 0)
  const rom = new Uint8Array(size)
  rom.set([0x4e, 0x45, 0x53, 0x1a, prg, chr])
  rom[6] = ((mapper & 0x0f) << 4) | ((spec.flags6Low ?? 0) & 0x0f)
  rom[7] = (mapper & 0xf0) | (spec.nes2 ? 0x08 : 0)
  if (spec.nes2) rom[8] = (mapper >> 8) & 0x0f
  let x = (spec.seed ?? 1) * 2654435761
  for (let i = 16; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    rom[i] = x >>> 24
  }
  return rom
}

export interface MultipartPart {
  name: string
  value: string | Uint8Array
  fileName?: string
  contentType?: string
}

export function multipart(parts: MultipartPart[]): {
  payload: Buffer
  headers: Record<string, string>
} {
  const boundary = '----nesStudioTestBoundary7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`
    head += '\r\n'
    if (part.fileName !== undefined) {
      head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`
    }
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The usual upload form: romFile plus title. */
export function uploadForm(bytes: Uint8Array, fileName = 'game.nes', title?: string) {
  const parts: MultipartPart[] = [{ name: 'romFile', value: bytes, fileName }]
  if (title !== undefined) parts.unshift({ name: 'title', value: title })
  return multipart(parts)
}
