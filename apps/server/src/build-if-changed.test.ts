// `npm start` runs scripts/build-if-changed.mjs before the server: a build on the first start and after
// a source change or a lost output, none otherwise. Run here on a throw-away tree with a fake build.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, expect, it } from 'vitest'

const SCRIPT = fileURLToPath(new URL('../../../scripts/build-if-changed.mjs', import.meta.url))
const OUTPUTS = [
  'packages/assembler/dist/cli.cjs',
  'apps/client/dist/index.html',
  'apps/client/dist-ssr/entry-server.mjs',
  'apps/server/dist/main.js',
]

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'nes-start-'))
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    writeFileSync(path.join(root, rel), text)
  }
  write('package.json', '{}')
  write('package-lock.json', '{}')
  write('apps/server/src/main.ts', 'export {}\n')
  write('apps/client/src/main.tsx', 'export {}\n')
  write('packages/assembler/src/index.ts', 'export {}\n')
  // The fake build writes every output and counts its runs.
  write(
    'fake-build.mjs',
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
     import path from 'node:path'
     for (const f of ${JSON.stringify(OUTPUTS)}) {
       mkdirSync(path.dirname(f), { recursive: true })
       writeFileSync(f, 'built')
     }
     appendFileSync('builds.log', 'x')`,
  )
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

function start(): string {
  return execFileSync(
    process.execPath,
    [SCRIPT, '--root', root, '--command', `"${process.execPath}" fake-build.mjs`],
    { encoding: 'utf8' },
  )
}
const builds = () =>
  existsSync(path.join(root, 'builds.log'))
    ? readFileSync(path.join(root, 'builds.log'), 'utf8').length
    : 0

it('builds on the first start, then only after a source change or a missing output', () => {
  expect(start()).toContain('Building: packages/assembler/dist/cli.cjs is missing')
  expect(builds()).toBe(1)

  expect(start()).toContain('Build is up to date')
  expect(builds()).toBe(1)

  writeFileSync(path.join(root, 'apps/server/src/main.ts'), 'export const changed = 1\n')
  expect(start()).toContain('sources changed')
  expect(builds()).toBe(2)

  writeFileSync(path.join(root, 'apps/server/src/main.test.ts'), 'a test is not a build input\n')
  expect(start()).toContain('Build is up to date')

  rmSync(path.join(root, 'apps/client/dist'), { recursive: true })
  expect(start()).toContain('apps/client/dist/index.html is missing')
  expect(builds()).toBe(3)

  // The page renderer is an output too (a build from before it existed must be redone).
  rmSync(path.join(root, 'apps/client/dist-ssr'), { recursive: true })
  expect(start()).toContain('apps/client/dist-ssr/entry-server.mjs is missing')
  expect(builds()).toBe(4)
})
