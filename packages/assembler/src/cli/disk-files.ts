// A read-only view of the disk shaped like the assembler's `files` record: a name is read (and
// cached) the first time the assembler looks it up, from the working directory, then from the
// NES_INCLUDE directories, as NESASM does.
import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

/** The file's bytes; undefined when it is missing or not a file (a directory throws EISDIR). */
function tryRead(p: string): Uint8Array | undefined {
  try {
    return new Uint8Array(readFileSync(p))
  } catch {
    return undefined
  }
}

export function diskFiles(cwd: string, includeDirs: readonly string[]): Record<string, Uint8Array> {
  const cache = new Map<string, Uint8Array | undefined>()
  const load = (name: string): Uint8Array | undefined => {
    if (cache.has(name)) return cache.get(name)
    let bytes = tryRead(isAbsolute(name) ? name : join(cwd, name))
    for (const dir of includeDirs) {
      if (bytes) break
      bytes = tryRead(join(dir, name))
    }
    cache.set(name, bytes)
    return bytes
  }
  return new Proxy({} as Record<string, Uint8Array>, {
    get: (_t, prop) => (typeof prop === 'string' ? load(prop) : undefined),
    has: (_t, prop) => typeof prop === 'string' && load(prop) !== undefined,
  })
}
