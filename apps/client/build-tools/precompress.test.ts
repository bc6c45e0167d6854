// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EMULATORJS_PRECOMPRESSED, precompressFiles } from './precompress'

function tree(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nes-precompress-'))
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), body)
  }
  return dir
}

const SCRIPT = 'export function play() { return "PRESS START" }\n'.repeat(80)

describe('precompressFiles', () => {
  it('writes brotli and gzip siblings that decode to the file', async () => {
    const dir = tree({
      'assets/main-abc.js': SCRIPT,
      'assets/main-abc.css': `a{b:c}\n`.repeat(400),
    })
    const done = await precompressFiles(dir, dir, (rel) => rel.startsWith('assets/'))
    expect(done.map((entry) => entry.file).sort()).toEqual([
      'assets/main-abc.css',
      'assets/main-abc.js',
    ])
    const file = path.join(dir, 'assets/main-abc.js')
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(SCRIPT)
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT)
    const entry = done.find((e) => e.file === 'assets/main-abc.js')
    expect(entry?.br).toBeLessThan(entry?.gzip ?? 0)
  })

  it('leaves out what may change under its name, small files and binary formats', async () => {
    const dir = tree({
      'index.html': `<!doctype html>${'<p>x</p>'.repeat(300)}`,
      'assets/tiny-abc.js': 'let a = 1\n',
      'assets/font-abc.woff2': Buffer.alloc(4096, 7),
      'assets/core-abc.gz': Buffer.alloc(4096, 7),
    })
    const done = await precompressFiles(dir, dir, (rel) => rel.startsWith('assets/'))
    expect(done).toEqual([])
    for (const rel of [
      'index.html',
      'assets/tiny-abc.js',
      'assets/font-abc.woff2',
      'assets/core-abc.gz',
    ])
      expect(existsSync(path.join(dir, `${rel}.br`)), rel).toBe(false)
  })

  it('writes siblings into another folder (the package stays untouched)', async () => {
    const pkg = tree({
      'src/emulator.js': SCRIPT,
      'emulator.css': SCRIPT,
      'localization/en-US.json': `{"a":"${'b'.repeat(2000)}"}`,
    })
    const out = mkdtempSync(path.join(tmpdir(), 'nes-precompress-out-'))
    await precompressFiles(pkg, out, (rel) => EMULATORJS_PRECOMPRESSED.test(rel))
    expect(existsSync(path.join(out, 'src/emulator.js.br'))).toBe(true)
    expect(existsSync(path.join(out, 'emulator.css.gz'))).toBe(true)
    expect(existsSync(path.join(out, 'src/emulator.js'))).toBe(false)
    expect(existsSync(path.join(out, 'localization/en-US.json.br'))).toBe(false)
    expect(existsSync(path.join(pkg, 'src/emulator.js.br'))).toBe(false)
  })
})
