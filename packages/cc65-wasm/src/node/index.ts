// The Node adapter: reads the committed toolchain files from disk (the only code of the package that uses
// node:*), and checks them against toolchain/MANIFEST.sha256.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { loadToolchain } from '../toolchain'
import type { Toolchain, ToolchainFile } from '../toolchain'

/** The package's `toolchain/` folder. */
export const TOOLCHAIN_DIR = fileURLToPath(new URL('../../toolchain/', import.meta.url))

/** Loads the toolchain from `dir` (default: the package's own `toolchain/`). */
export function loadToolchainFromDisk(dir: string = TOOLCHAIN_DIR): Promise<Toolchain> {
  return loadToolchain(async (file: ToolchainFile) => new Uint8Array(await readFile(dir + file)))
}

/** Each line of MANIFEST.sha256 whose file is missing or has other bytes (empty: all match). */
export async function verifyManifest(dir: string = TOOLCHAIN_DIR): Promise<string[]> {
  const manifest = await readFile(`${dir}MANIFEST.sha256`, 'utf8')
  const problems: string[] = []
  for (const line of manifest.split('\n').filter((l) => l.trim() !== '')) {
    const [sum, name] = line.split(/\s+\*?/)
    const bytes = await readFile(dir + name).catch(() => undefined)
    if (!bytes) problems.push(`${name}: missing`)
    else if (createHash('sha256').update(bytes).digest('hex') !== sum)
      problems.push(`${name}: sha256 differs from the manifest`)
  }
  return problems
}
