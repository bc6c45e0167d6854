// The build of a cc65 project without a build.sh: ca65 for each .s, cc65 then ca65 for each .c (objects under
// obj/, mirroring the sources' folders), and one ld65 with the project's linker config, or the nes target's own
// when it has none; nes.lib (the C runtime) is linked when there is C or no config. Sources another source
// includes (`.include "x.s"`, `#include "x.c"`) are built with it, not on their own. The same commands can be
// written out as a build.sh for the user to edit.
import { parseBuildScript } from './build-script'
import type { ScriptCommand } from './build-script'

/** Files the default build reads for includes: sources and headers. */
export const SOURCE = /\.(s|c|h|inc|asm|mac)$/i

/** Where the default build writes the ROM. */
export const DEFAULT_ROM = 'game.nes'

const INCLUDE = /^\s*(?:#\s*include\s*"([^"]+)"|\.include\s+"([^"]+)")/gim

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}

/** `name` from the folder `from`, as a project path ('..' resolved), or undefined outside the project. */
function join(from: string, name: string): string | undefined {
  const parts = from === '' ? [] : from.split('/')
  for (const part of name.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}

/** Sources named by another source's .include / #include (relative to it, or to the project root). */
function includedSources(texts: Readonly<Record<string, string>>): Set<string> {
  const included = new Set<string>()
  for (const [path, text] of Object.entries(texts)) {
    for (const match of text.matchAll(INCLUDE)) {
      const name = match[1] ?? match[2]!
      for (const candidate of [join(folderOf(path), name), join('', name)])
        if (candidate !== undefined && candidate in texts && candidate !== path)
          included.add(candidate)
    }
  }
  return included
}

const quote = (path: string) =>
  /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`

/**
 * The default build's build.sh for a project whose source files are `texts` (path -> text, for .s/.c files
 * and whatever they include) among `paths` (every file of the project).
 */
export function defaultBuildScript(
  paths: readonly string[],
  texts: Readonly<Record<string, string>>,
): string {
  const included = includedSources(texts)
  const own = (re: RegExp) =>
    paths.filter((p) => re.test(p) && !included.has(p)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const asm = own(/\.s$/i)
  const crt0 = asm.findIndex((p) => /(^|\/)crt0\.s$/i.test(p))
  if (crt0 > 0) asm.unshift(...asm.splice(crt0, 1))
  const c = own(/\.c$/i)
  const configs = own(/\.cfg$/i)
  const objects: string[] = []
  const lines = ["# The studio's default build: edit it, the studio runs this file from now on."]
  const folders = new Set([
    'obj',
    ...[...asm, ...c].map((p) => `obj/${folderOf(p)}`.replace(/\/$/, '')),
  ])
  lines.push(`mkdir -p ${[...folders].map(quote).join(' ')}`)
  for (const source of asm) {
    const object = `obj/${source.replace(/\.s$/i, '.o')}`
    lines.push(`ca65 -g ${quote(source)} -o ${quote(object)}`)
    objects.push(object)
  }
  for (const source of c) {
    const generated = `obj/${source.replace(/\.c$/i, '.s')}`
    const object = generated.replace(/\.s$/, '.o')
    lines.push(`cc65 -t nes -O -g ${quote(source)} -o ${quote(generated)}`)
    lines.push(`ca65 -t nes -g ${quote(generated)} -o ${quote(object)}`)
    objects.push(object)
  }
  const config = configs[0]
  const target = config !== undefined ? `-C ${quote(config)}` : '-t nes'
  const library = c.length > 0 || config === undefined ? ' nes.lib' : ''
  lines.push(`ld65 ${target} -o ${DEFAULT_ROM} ${objects.map(quote).join(' ')}${library}`)
  return `${lines.join('\n')}\n`
}

/** The default build.sh of a project's files (text files decoded as the studio holds them). */
export function defaultBuildScriptOf(project: {
  files: readonly { filename: string; content: string; binary?: Uint8Array }[]
}): string {
  const texts: Record<string, string> = {}
  for (const f of project.files)
    if (!f.binary && SOURCE.test(f.filename)) texts[f.filename] = f.content
  return defaultBuildScript(
    project.files.map((f) => f.filename),
    texts,
  )
}

/** The default build's commands (see defaultBuildScript). */
export function defaultBuildCommands(
  paths: readonly string[],
  texts: Readonly<Record<string, string>>,
): ScriptCommand[] {
  const parsed = parseBuildScript(defaultBuildScript(paths, texts))
  if (!parsed.ok) throw new Error(`The default build script is wrong: ${parsed.error.message}`)
  return parsed.commands
}
