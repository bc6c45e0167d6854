// @vitest-environment node
// The golden suite. Real ca65 and C projects (test/fixtures/cc65/projects; FIXTURE.md names each one's source and
// licence) are built by the studio's cc65 build (the WebAssembly toolchain, under Node) and by native Debian cc65
// (`bash -e <script>` in a copy, LC_ALL=C): the ROMs must be the same bytes, and so must everything the tools
// printed and the map and label files. Broken programs (fixtures/cc65/broken) must fail with the native tools'
// very text, and their diagnostics must sit on the lines expect.json names. The generated .s and .o files and
// the debug files differ on purpose (the tools' version string, and file times, which are 0 in the studio).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadToolchainFromDisk } from '@nes-studio/cc65-wasm/node'
import type { Toolchain } from '@nes-studio/cc65-wasm'
import { parseBuildScript } from './build-script'
import { runCc65Build } from './run-build'

/** Generous: a whole project's build on a loaded 2-core machine (each takes 1-4 s here when it is quiet). */
const TIMEOUT_MS = 120_000

const FIXTURES = fileURLToPath(new URL('../../../../../test/fixtures/cc65/', import.meta.url))

function readTree(dir: string, root = dir, out: Record<string, Uint8Array> = {}) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) readTree(full, root, out)
    else out[relative(root, full).split('\\').join('/')] = new Uint8Array(readFileSync(full))
  }
  return out
}

interface NativeRun {
  ok: boolean
  stdout: string
  stderr: string
  files: Record<string, Uint8Array>
}

/** Runs `script` with bash and Debian's cc65 in a copy of `dir`. */
function runNative(dir: string, script: string): NativeRun {
  const copy = mkdtempSync(join(tmpdir(), 'cc65-golden-'))
  try {
    cpSync(dir, copy, { recursive: true })
    const options = { cwd: copy, env: { ...process.env, LC_ALL: 'C' }, stdio: 'pipe' as const }
    let run: Omit<NativeRun, 'files'>
    try {
      const stdout = execFileSync('bash', ['-e', script], options).toString()
      run = { ok: true, stdout, stderr: '' }
    } catch (error) {
      const e = error as { stdout: Buffer; stderr: Buffer }
      run = { ok: false, stdout: e.stdout.toString(), stderr: e.stderr.toString() }
    }
    return { ...run, files: readTree(copy) }
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}

function buildInStudio(toolchain: Toolchain, files: Record<string, Uint8Array>, script: string) {
  const parsed = parseBuildScript(new TextDecoder().decode(files[script]))
  if (!parsed.ok) throw new Error(`${script}:${parsed.error.line}: ${parsed.error.message}`)
  return runCc65Build(toolchain, parsed.commands, files, [], { script })
}

/** Outputs compared byte for byte besides the ROM: what is not an object, generated assembly or debug file. */
const isComparedOutput = (path: string) => !/\.(o|s|dbg)$/.test(path) && path !== 'dbg.txt'

let toolchain: Toolchain
beforeAll(async () => {
  try {
    execFileSync('cl65', ['--version'], { stdio: 'pipe' })
  } catch {
    throw new Error(
      "The golden suite compares with native cc65: install Debian's package (apt-get install cc65).",
    )
  }
  toolchain = await loadToolchainFromDisk()
}, TIMEOUT_MS)

const projects = readdirSync(join(FIXTURES, 'projects')).sort()
const scripts = projects.flatMap((project) =>
  readdirSync(join(FIXTURES, 'projects', project))
    .filter((f) => /^build.*\.sh$/.test(f))
    .map((script) => ({ project, script })),
)

describe('real projects: the studio builds the same bytes as native Debian cc65 2.19', () => {
  it.each(scripts)(
    '$project ($script)',
    ({ project, script }) => {
      const dir = join(FIXTURES, 'projects', project)
      const files = readTree(dir)
      const studio = buildInStudio(toolchain, files, script)
      const native = runNative(dir, script)
      expect(studio.failure).toBeUndefined()
      expect(native.ok).toBe(true)
      expect({ stdout: studio.stdout, stderr: studio.stderr }).toEqual({
        stdout: native.stdout,
        stderr: native.stderr,
      })
      const rom = native.files[studio.romPath!]
      expect(rom, `native wrote no ${studio.romPath}`).toBeDefined()
      expect(Buffer.from(studio.rom!).equals(Buffer.from(rom!))).toBe(true)
      const written = Object.keys(studio.files).filter((p) => !(p in files) && isComparedOutput(p))
      const nativeWritten = Object.keys(native.files).filter(
        (p) => !(p in files) && isComparedOutput(p),
      )
      expect(written.sort()).toEqual(nativeWritten.sort())
      for (const path of written)
        expect(Buffer.from(studio.files[path]!).toString('latin1'), path).toBe(
          Buffer.from(native.files[path]!).toString('latin1'),
        )
    },
    TIMEOUT_MS,
  )
})

const broken = readdirSync(join(FIXTURES, 'broken')).sort()

describe('broken programs: the native tools’ words, on the right lines', () => {
  it.each(broken)(
    '%s',
    (name) => {
      const dir = join(FIXTURES, 'broken', name)
      const files = readTree(dir)
      const studio = buildInStudio(toolchain, files, 'build.sh')
      const native = runNative(dir, 'build.sh')
      expect(native.ok).toBe(false)
      expect(studio.failure).toBeDefined()
      expect({ stdout: studio.stdout, stderr: studio.stderr }).toEqual({
        stdout: native.stdout,
        stderr: native.stderr,
      })
      const expected = JSON.parse(new TextDecoder().decode(files['expect.json'])) as [
        string,
        number,
        string,
        string,
      ][]
      const found = studio.diagnostics.map((d) => [d.file, d.line, d.severity, d.message])
      for (const diagnostic of expected) expect(found).toContainEqual(diagnostic)
    },
    TIMEOUT_MS,
  )
})
