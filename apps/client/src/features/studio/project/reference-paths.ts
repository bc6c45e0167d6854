// Where a .include/.incbin name points in the project, looked up as the assembler does (packages/assembler,
// reader.ts findFile): from the project root, then from the main file's folder (NESASM's working directory when it
// is run beside the main file), then from the folder of the file that names it. A backslash separates folders as '/'
// does (NESASM on Windows), and '..' may climb as long as the path stays inside the project.

/** The folder part of a path with its trailing '/' ('' for a file at the root). */
export function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1)
}

/**
 * `name` read from `folder` (a folderOf result) as a project path: '\' taken as '/', '.' and empty parts dropped,
 * '..' applied. Undefined when the path is absolute or climbs out of the project.
 */
export function joinReference(folder: string, name: string): string | undefined {
  if (name.startsWith('/') || name.startsWith('\\')) return undefined
  const parts: string[] = []
  for (const part of `${folder}${name}`.split(/[/\\]/)) {
    if (part === '' || part === '.') continue
    if (part !== '..') parts.push(part)
    else if (parts.pop() === undefined) return undefined
  }
  return parts.length > 0 ? parts.join('/') : undefined
}

/** The three folders a name is looked up from, in the assembler's order (duplicates dropped). */
export function lookupFolders(mainPath: string, fromPath: string): string[] {
  return [...new Set(['', folderOf(mainPath), folderOf(fromPath)])]
}

/**
 * The project path `name` (as written in `fromPath`) reads: the first candidate that `exists`; undefined when
 * none does.
 */
export function resolveReference(
  exists: (path: string) => boolean,
  name: string,
  mainPath: string,
  fromPath: string,
): string | undefined {
  for (const folder of lookupFolders(mainPath, fromPath)) {
    const path = joinReference(folder, name)
    if (path !== undefined && exists(path)) return path
  }
  return undefined
}

/**
 * Where the file of a missing reference belongs: `name` read from the main file's folder, where NESASM, run
 * beside the main file, would look for it. Undefined when that leaves the project.
 */
export function placeOfReference(name: string, mainPath: string): string | undefined {
  return joinReference(folderOf(mainPath), name)
}

/** A name that reads `target` from `folder` ('../' where it must climb), with '/' separators. */
export function relativeReference(folder: string, target: string): string {
  const from = folder.split('/').filter(Boolean)
  const to = target.split('/')
  let same = 0
  while (same < from.length && same < to.length - 1 && from[same] === to[same]) same += 1
  return [...from.slice(same).map(() => '..'), ...to.slice(same)].join('/')
}
