// Test helper: the real package folders, plus a throw-away client build.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StaticDirs } from '../http/static-files'
import { resolvePackageDir } from '../http/package-dir'

export const FAKE_INDEX_HTML = '<!doctype html><title>nes-studio test</title><div id="root"></div>'

export function testStaticDirs(opts: { withClient?: boolean } = {}): StaticDirs {
  const clientDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'nes-client-')), 'dist')
  if (opts.withClient ?? true) {
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true })
    writeFileSync(path.join(clientDir, 'index.html'), FAKE_INDEX_HTML)
    writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)\n'.repeat(200))
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  }
  return {
    clientDir,
    emulatorjsDir: resolvePackageDir('@emulatorjs/emulatorjs'),
    coreDir: resolvePackageDir('@emulatorjs/core-fceumm'),
    licensesDir: fileURLToPath(new URL('../../licenses', import.meta.url)),
  }
}
