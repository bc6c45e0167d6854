// iNES images and multipart upload bodies for the benchmarks.
import { createHash } from 'node:crypto'

/** An NROM/UxROM-style image of exactly 16 + prgBanks*16 KiB + chrBanks*8 KiB bytes, content from seed. */
export function makeRom(prgBanks: number, chrBanks: number, seed: number): Buffer {
  const size = 16 + prgBanks * 16384 + chrBanks * 8192
  const rom = Buffer.alloc(size)
  rom.set([0x4e, 0x45, 0x53, 0x1a, prgBanks, chrBanks, prgBanks > 2 ? 0x20 : 0x00, 0])
  let x = (seed * 2654435761) >>> 0 || 1
  for (let i = 16; i < size; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    rom.writeUInt32LE(x >>> 0, i)
  }
  return rom
}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

export function uploadBody(rom: Buffer, fileName: string, title: string) {
  const boundary = `----nesBench${Math.random().toString(36).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="romFile"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    rom,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
