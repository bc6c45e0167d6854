// Finds which iNES mappers the fceumm core we serve loads, by trying it: for every mapper number a ROM is built
// with our assembler (NES 2.0 headers above 255) and handed to the real core in an emulator frame; a ROM the core
// refuses (RetroArch falls back to its menu) rejects with 'UnsupportedMapper'. A refused mapper is tried again with
// larger PRG/CHR sizes and with CHR RAM, so a board that only wants other sizes is not counted as refused.
// Prints the list; `--write` puts it into apps/client/src/emulator/fceumm-mappers.ts (from 0 to `last`).
// About 1-20 s per ROM (a fresh frame each, slower on a busy machine):
//   npm run build && npx tsx e2e/tools/fceumm-mappers.ts [--write] [first last]   (default 0 255)
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { launchBrowser } from '../support/browser'
import { repoRoot, startServer } from '../support/global-setup'
import { buildRom } from '../support/nrom-program'

/** PRG (16 KiB units) and CHR (8 KiB units, 0 = CHR RAM) of each try. */
const SHAPES = [
  { prg: 2, chr: 1 },
  { prg: 16, chr: 16 },
  { prg: 8, chr: 0 },
] as const
const PAGES = 2
const LIST_FILE = path.join(repoRoot, 'apps/client/src/emulator/fceumm-mappers.ts')

/** A ROM of `mapper` with the given sizes: one instruction, the vectors, and every bank present. */
export function mapperRom(mapper: number, prg: number, chr: number): Uint8Array {
  const lastPrgBank = prg * 2 - 1
  const source = `  .inesprg ${prg}
  .ineschr ${chr}
  .inesmap ${mapper & 0xff}
  .inesmir 1
  .bank 0
  .org $8000
RESET:
  jmp RESET
  .bank ${lastPrgBank}
  .org $FFFA
  .dw RESET, RESET, RESET
${chr > 0 ? `  .bank ${lastPrgBank + chr}\n  .org $0000\n  .db 0\n` : ''}`
  const rom = buildRom(source)
  if (mapper > 0xff) {
    rom[7] = (rom[7]! & 0xf3) | 0x08 // NES 2.0
    rom[8] = (mapper >> 8) & 0x0f
  }
  return rom
}

/** Starts `rom` in a fresh emulator frame: 'ok', or the frame's error code. */
async function tryRom(context: BrowserContext, baseUrl: string, rom: Uint8Array): Promise<string> {
  const page = await context.newPage()
  try {
    await page.goto(`${baseUrl}/emulator-frame.html`)
    await page.waitForFunction(() => window.nesFrame !== undefined)
    return await page.evaluate(async (bytes) => {
      const frame = window.nesFrame as unknown as {
        ready: Promise<void>
        start(rom: Uint8Array, name: string, save: null): Promise<void>
      }
      await frame.ready
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 60_000))
      const started = frame.start(new Uint8Array(bytes), 'survey.nes', null).then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? String(error),
      )
      return Promise.race([started, timeout])
    }, Array.from(rom))
  } finally {
    await page.close()
  }
}

async function survey(context: BrowserContext, baseUrl: string, mappers: number[]) {
  const loaded: number[] = []
  const other: string[] = []
  const queue = [...mappers]
  const worker = async () => {
    for (let mapper = queue.shift(); mapper !== undefined; mapper = queue.shift()) {
      const results: string[] = []
      for (const { prg, chr } of SHAPES) {
        const result = await tryRom(context, baseUrl, mapperRom(mapper, prg, chr))
        results.push(result)
        if (result === 'ok' || result !== 'UnsupportedMapper') break
      }
      if (results.includes('ok')) loaded.push(mapper)
      else if (results.at(-1) !== 'UnsupportedMapper')
        other.push(`${mapper}: ${results.join(', ')}`)
      process.stdout.write(`${mapper}:${results.at(-1)} `)
    }
  }
  await Promise.all(Array.from({ length: PAGES }, worker))
  return { loaded: loaded.sort((a, b) => a - b), other }
}

/** 0-3, 5, 7-9 */
function ranges(numbers: readonly number[]): string {
  const parts: string[] = []
  for (let i = 0; i < numbers.length; i++) {
    let j = i
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++
    parts.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`)
    i = j
  }
  return parts.join(', ')
}

/** Puts the loaded mappers and the last one tried into the client's list (then formats it as the repo does). */
export function writeList(loaded: readonly number[], last: number): void {
  const text = readFileSync(LIST_FILE, 'utf8')
  const next = text
    .replace(
      /export const FCEUMM_MAPPERS: readonly number\[\] = \[[^\]]*\]/,
      `export const FCEUMM_MAPPERS: readonly number[] = [${loaded.join(', ')}]`,
    )
    .replace(/export const SURVEYED_UP_TO = \d+/, `export const SURVEYED_UP_TO = ${last}`)
  if (!next.includes(`SURVEYED_UP_TO = ${last}`) || !next.includes(`[${loaded.join(', ')}]`)) {
    throw new Error(`No FCEUMM_MAPPERS list or SURVEYED_UP_TO found in ${LIST_FILE}`)
  }
  writeFileSync(LIST_FILE, next)
  execFileSync('npx', ['prettier', '--write', LIST_FILE], { cwd: repoRoot, stdio: 'ignore' })
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const write = args.includes('--write')
  const [first = 0, last = 255] = args.filter((a) => a !== '--write').map(Number)
  if (write && first !== 0) throw new Error('--write needs the survey to start at mapper 0')
  const mappers = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    // One context: the core comes from its cache after the first frame.
    const context = await browser.newContext()
    const { loaded, other } = await survey(context, server.baseUrl, mappers)
    const refused = mappers.filter((m) => !loaded.includes(m))
    console.log(`\n\nloaded (${loaded.length}): ${ranges(loaded)}`)
    console.log(`refused (${refused.length}): ${ranges(refused)}`)
    if (other.length > 0) console.log(`other failures:\n${other.join('\n')}`)
    if (write) writeList(loaded, last)
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
