import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TOOLCHAIN_DIR, verifyManifest } from './index'

describe('toolchain/MANIFEST.sha256', () => {
  it('lists every committed toolchain file with its sha256', async () => {
    const manifest = await readFile(join(TOOLCHAIN_DIR, 'MANIFEST.sha256'), 'utf8')
    expect(
      manifest
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[1]),
    ).toEqual(['LICENSE', 'LICENSE.wasi-libc', 'ca65.wasm', 'cc65.wasm', 'ld65.wasm', 'share.zip'])
    expect(await verifyManifest()).toEqual([])
  })

  it('names a file whose bytes changed and one that is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc65-manifest-'))
    try {
      await cp(TOOLCHAIN_DIR, dir, { recursive: true })
      const ld65 = await readFile(join(dir, 'ld65.wasm'))
      ld65.writeUInt8(ld65.readUInt8(100) ^ 1, 100)
      await writeFile(join(dir, 'ld65.wasm'), ld65)
      await rm(join(dir, 'LICENSE'))
      expect(await verifyManifest(`${dir}/`)).toEqual([
        'LICENSE: missing',
        'ld65.wasm: sha256 differs from the manifest',
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
