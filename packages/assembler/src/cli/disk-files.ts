// A read-only view of the disk shaped like the assembler's `files` record: a name is read (and
// cached) the first time the assembler looks it up, from the working directory, then from the
// NES_INCLUDE directories, as NESASM does. Names and directories are byte strings (one char per
// byte): the bytes of an include name are the bytes of the path opened, as in NESASM.
import { readFileSync } from 'node:fs'
import { isAbsolute, sep } from 'node:path'

/** A byte-string path (one char per byte, as the assembler keeps names) for the file system. */
export const fsPath = (p: string): Buffer => Buffer.from(p, 'latin1')

/** The file's bytes (a view of the buffer read, not a copy); undefined when it is missing or not a file. */
function tryRead(p: string): Uint8Array | undefined {
  try {
    const b = readFileSync(fsPath(p))
    return new Uint8Array(b.buffer, b.byteOffset, b.length)
  } catch {
    return undefined
  }
}

/**
 * `dir` + separator + `name`, as NESASM builds its paths: the system resolves `.` and `..` (and
 * it is cheaper than path.join, which normalizes every name).
 */
export function inDir(dir: string, name: string): string {
  return dir.endsWith('/') || dir.endsWith(sep) ? dir + name : `${dir}/${name}`
}

export function diskFiles(cwd: string, includeDirs: readonly string[]): Record<string, Uint8Array> {
  const cache = new Map<string, Uint8Array | undefined>()
  const load = (name: string): Uint8Array | undefined => {
    let bytes = cache.get(name)
    if (bytes !== undefined || cache.has(name)) return bytes
    bytes = tryRead(isAbsolute(name) ? name : inDir(cwd, name))
    for (const dir of includeDirs) {
      if (bytes) break
      bytes = tryRead(inDir(dir, name))
    }
    cache.set(name, bytes)
    return bytes
  }
  return new Proxy({} as Record<string, Uint8Array>, {
    get: (_t, prop) => (typeof prop === 'string' ? load(prop) : undefined),
    has: (_t, prop) => typeof prop === 'string' && load(prop) !== undefined,
  })
}
