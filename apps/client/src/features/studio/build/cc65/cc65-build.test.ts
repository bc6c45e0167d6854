// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest'
import { loadToolchainFromDisk } from '@nes-studio/cc65-wasm/node'
import type { Toolchain } from '@nes-studio/cc65-wasm'
import { createDebugMap } from '../../debug/debug-map'
import { createProjectFrom, mainFile, updateContent } from '../../project/project-files'
import { projectToZip, zipToProject } from '../../project/project-zip'
import type { Project } from '../../project/project-files'
import { buildRequest } from './cc65-build'
import { prepareCc65Build } from './cc65-toolchain'
import { RunCache } from './run-cache'

let toolchain: Toolchain
beforeAll(async () => {
  toolchain = await loadToolchainFromDisk()
}, 60_000)

function requestOf(project: Project, debug = false) {
  const input = prepareCc65Build(project)
  if (!input.ok) throw new Error(input.message)
  return { type: 'build' as const, id: 1, ...input.request, debug }
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle)) + 1

// A C build takes about a second on a quiet machine; far more on the shared 2-core one under load
describe(
  'cc65 builds of the NEW PROJECT templates (the worker’s code, under Node)',
  { timeout: 60_000 },
  () => {
    it('builds the C template by the default build into an NROM ROM, with line-level debug data for main.c', () => {
      const project = createProjectFrom('c')
      const result = buildRequest(toolchain, requestOf(project, true))
      expect(result.failure).toBeUndefined()
      expect(result.ok).toBe(true)
      expect(result.rom!.length).toBe(16 + 32768 + 8192)
      expect(result.log).toContain('$ cc65 -t nes -O -g main.c -o obj/main.s')
      const debug = result.debug!
      expect(debug.files).toEqual(['main.c'])
      const map = createDebugMap(debug, result.rom)
      const source = project.files[0]!.content
      const frames = lineOf(source, '++frames;')
      // the line has code: a breakpoint there stops at its first instruction, and the map names it back
      const address = map.addressOfLine('main.c', frames)!
      expect(address).toBeGreaterThanOrEqual(0x8000)
      expect(map.lineAt(address)).toEqual({ file: 'main.c', line: frames })
      expect(map.codeLineAtOrAfter('main.c', lineOf(source, 'A global variable'))).toBe(
        lineOf(source, 'gotoxy(9, 14)'),
      )
      // the C global under its C name and its assembler name, in the cartridge RAM the nes target's data uses
      expect(map.symbol('frames')).toBe(map.symbol('_frames'))
      expect(map.symbol('frames')).toBeGreaterThanOrEqual(0x6000)
      expect(map.symbolsAt(map.symbol('frames')!)).toEqual(['_frames', 'frames'])
      expect(map.describeAddress(map.symbol('_main')!)).toBe('_main')
    })

    it('builds the ca65 template with its config and tiles; breakpoints land on main.s lines', () => {
      const project = createProjectFrom('ca65')
      const result = buildRequest(toolchain, requestOf(project, true))
      expect(result.ok).toBe(true)
      const rom = result.rom!
      expect([...rom.subarray(0, 6)]).toEqual([0x4e, 0x45, 0x53, 0x1a, 2, 1])
      // tile 1 (the smiley) from tiles.chr's CHR text, at the start of CHR ROM
      expect([...rom.subarray(16 + 32768 + 16, 16 + 32768 + 24)]).toEqual([
        0x3c, 0x42, 0xa5, 0x81, 0xa5, 0x99, 0x42, 0x3c,
      ])
      const map = createDebugMap(result.debug!, rom)
      const source = project.files[0]!.content
      const line = lineOf(source, 'jsr read_joypad')
      expect(map.lineAt(map.addressOfLine('main.s', line)!)).toEqual({ file: 'main.s', line })
      expect(map.symbol('smiley_x')).toBe(1)
      expect(map.symbol('reset')).toBe(0x8000)
      expect(map.symbol('PPUCTRL')).toBe(0x2000)
    })

    it('reruns only the tools whose inputs changed, and answers the same ROM', () => {
      const cache = new RunCache(toolchain)
      let project = createProjectFrom('c')
      const first = buildRequest(cache, requestOf(project))
      expect([cache.hits, cache.misses]).toEqual([0, 3])
      const again = buildRequest(cache, requestOf(project))
      expect([cache.hits, cache.misses]).toEqual([3, 3])
      expect(again.rom).toEqual(first.rom)
      // a comment of the same length changes the C file but not the assembly cc65 makes of it (nor the file size
      // it records for the debug info): cc65 runs again, ca65 and ld65 are answered from memory
      const main = project.files[0]!
      project = updateContent(project, main.id, main.content.replace('one frame', 'a frame!!'))
      buildRequest(cache, requestOf(project))
      expect([cache.hits, cache.misses]).toEqual([5, 4])
    })

    it.each(['ca65', 'c'] as const)(
      'exports the %s template as a zip whose re-import is a cc65 project building the same ROM',
      (template) => {
        const project = createProjectFrom(template)
        const exported = projectToZip(project)
        if (!exported.ok) throw new Error(exported.message)
        const imported = zipToProject(exported.zip, project.name)
        if (!imported.ok) throw new Error(imported.message)
        expect(imported.project.toolchain).toBe('cc65')
        expect(mainFile(imported.project)?.filename).toBe(mainFile(project)?.filename)
        const before = buildRequest(toolchain, requestOf(project))
        const after = buildRequest(toolchain, requestOf(imported.project))
        expect(after.ok).toBe(true)
        expect(after.rom).toEqual(before.rom)
      },
    )

    it('names the build.sh line it cannot run, and builds nothing', () => {
      const project = createProjectFrom('ca65')
      project.files.push({
        id: 'b',
        filename: 'build.sh',
        type: 'include',
        content: 'ca65 main.s\nld65 -o $OUT main.o\n',
      })
      const result = buildRequest(toolchain, requestOf(project))
      expect(result.ok).toBe(false)
      expect(result.failure?.line).toBe(2)
      expect(result.diagnostics).toMatchObject([
        {
          file: 'build.sh',
          line: 2,
          message: expect.stringMatching(
            /^variables and \$\(\.\.\.\) are not supported\. build\.sh runs/,
          ),
        },
      ])
    })

    it('says so when there is nothing to build', () => {
      const project = createProjectFrom('c')
      project.files[0] = { ...project.files[0]!, filename: 'notes.txt' }
      expect(buildRequest(toolchain, requestOf(project)).failure?.message).toBe(
        'The project has no .s or .c file to build (and no build.sh).',
      )
    })
  },
)
