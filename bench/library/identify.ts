// Offline identification: reading the vendored cartridge database, and identifying one ROM against it
// (hashes without and with the header, the database lookup, then the fallbacks an unknown ROM costs:
// without a trainer, PRG + CHR alone). ROMs are random bytes behind an iNES header, so each is unknown to
// the database and takes the longest path.
// Usage: npx tsx bench/library/identify.ts [--runs 200]
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { parseCartridgeDb } from '../../apps/server/src/roms/identity/cartridge-db'
import { identifyRom } from '../../apps/server/src/roms/identity/identify'
import { parseINesHeader } from '../../apps/server/src/roms/ines'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } })
const RUNS = Math.max(5, Math.min(5000, Number(values.runs)))
const dbFile = fileURLToPath(
  new URL('../../apps/server/cartridge-db/NstDatabase.xml', import.meta.url),
)

/** An iNES ROM of `prgBanks` x 16 KiB PRG and `chrBanks` x 8 KiB CHR, random bytes from `seed`. */
function randomRom(prgBanks: number, chrBanks: number, mapper: number, seed: number): Uint8Array {
  const rom = new Uint8Array(16 + prgBanks * 16384 + chrBanks * 8192)
  rom.set([0x4e, 0x45, 0x53, 0x1a, prgBanks, chrBanks, (mapper & 0x0f) << 4, mapper & 0xf0])
  let x = seed * 2654435761
  for (let i = 16; i < rom.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    rom[i] = x >>> 24
  }
  return rom
}

const time = (work: () => unknown) => {
  const start = performance.now()
  work()
  return performance.now() - start
}

async function main() {
  console.log(`# identification, ${RUNS} runs per size; ${machineLine()}`)
  const xml = new Uint8Array(readFileSync(dbFile))
  const parses: number[] = []
  let db = await parseCartridgeDb(xml)
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    db = await parseCartridgeDb(xml)
    parses.push(performance.now() - start)
  }
  console.log(
    `read NstDatabase.xml (${(xml.length / 1024).toFixed(0)} KiB)   ${describeSummary(summarize(parses))}`,
  )
  for (const [label, prg, chr, mapper] of [
    ['NROM 40 KiB', 2, 1, 0],
    ['MMC3 256 KiB', 16, 16, 4],
    ['MMC3 512 KiB', 32, 0, 4],
  ] as const) {
    const samples: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const rom = randomRom(prg, chr, mapper, i + 1)
      const parsed = parseINesHeader(rom)
      if (!parsed.ok) throw new Error(parsed.problem.message)
      samples.push(time(() => identifyRom(rom, parsed.header, db)))
    }
    console.log(`identify one ROM, ${label.padEnd(13)} ${describeSummary(summarize(samples))}`)
  }
}

await main()
