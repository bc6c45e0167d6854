// Library entries to seed a store with directly (no HTTP): distinct 1 KiB NROM files, one a second.
import { createHash, randomUUID } from 'node:crypto'
import type { NewRom } from '../../../apps/server/src/storage/rom-store'

/** Entry number `i`: its bytes, hashes, title and upload time are its own. */
export function seedRom(i: number): NewRom {
  const bytes = new Uint8Array(1040)
  bytes.set([0x4e, 0x45, 0x53, 0x1a, 1, 0])
  new DataView(bytes.buffer).setUint32(16, i)
  return {
    id: randomUUID(),
    title: `Seeded ROM number ${i}`,
    fileName: `seeded-rom-${i}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    mapper: i % 5,
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 0,
    mirroring: 'horizontal',
    battery: false,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes.subarray(16)).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  }
}
