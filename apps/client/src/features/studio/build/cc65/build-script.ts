// Reads a cc65 project's build.sh: one command a line, split into words as a shell would (quotes, backslashes,
// `#` comments, a trailing `\` joins lines), for the few commands the studio runs itself. Anything a shell would
// expand or interpret (variables, pipes, redirections, loops) is refused with the line and what is supported,
// since running it differently from bash would build something else than the author's script.

export const BUILD_SCRIPT = 'build.sh'

/** The commands build.sh may use: the cc65 tools, and the few shell commands builds use around them. */
export type CommandName = 'ca65' | 'cc65' | 'ld65' | 'cl65' | 'cd' | 'mkdir' | 'rm' | 'echo' | 'set'

const TOOLS = new Set(['ca65', 'cc65', 'ld65', 'cl65'])
const BUILTINS = new Set(['cd', 'mkdir', 'rm', 'echo', 'set'])
const CONTROL = new Set(
  'if then else elif fi for while until do done case esac function select'.split(' '),
)

/** One word of a command; `pattern` when it holds an unquoted `*`, `?` or `[` (only rm expands them). */
export interface Word {
  text: string
  pattern?: boolean
}

/** One command of build.sh: its 1-based line (the first, for a command continued over several). */
export interface ScriptCommand {
  line: number
  name: CommandName
  /** The command as written (the program's own path, e.g. `../bin/ca65`, is kept for the log). */
  program: string
  args: Word[]
}

export interface ScriptError {
  line: number
  message: string
}

export type ParsedScript =
  { ok: true; commands: ScriptCommand[] } | { ok: false; error: ScriptError }

export const SUPPORTED =
  'build.sh runs one command a line: ca65, cc65, ld65 and cl65 with their options, cd DIR, mkdir [-p] DIR, ' +
  'rm [-f] [-r] FILE (with * patterns), echo, set -e, and # comments'

const UNSUPPORTED: Record<string, string> = {
  $: 'variables and $(...) are not supported',
  '`': 'command substitution is not supported',
  '|': 'pipes and || are not supported',
  '&': '& and && are not supported',
  ';': 'several commands on a line (;) are not supported',
  '<': 'redirections are not supported',
  '>': 'redirections are not supported',
  '(': 'subshells and ( ) are not supported',
  ')': 'subshells and ( ) are not supported',
  '{': 'brace expansion and { } groups are not supported',
  '}': 'brace expansion and { } groups are not supported',
}

class ScriptSyntaxError extends Error {}

/** Reads one quoted or unquoted word starting at `at`; returns it and where it ends. */
function readWord(text: string, at: number): { word: Word; end: number } {
  let out = ''
  let pattern = false
  let i = at
  while (i < text.length && !/\s/.test(text[i]!)) {
    const ch = text[i]!
    if (ch === "'") {
      const close = text.indexOf("'", i + 1)
      if (close < 0) throw new ScriptSyntaxError("a ' quote is not closed on this line")
      out += text.slice(i + 1, close)
      i = close + 1
    } else if (ch === '"') {
      i += 1
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '$' || text[i] === '`') throw new ScriptSyntaxError(UNSUPPORTED[text[i]!]!)
        if (text[i] === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) i += 1
        out += text[i]
        i += 1
      }
      if (i >= text.length) throw new ScriptSyntaxError('a " quote is not closed on this line')
      i += 1
    } else if (ch === '\\') {
      out += text[i + 1] ?? ''
      i += 2
    } else if (UNSUPPORTED[ch]) {
      throw new ScriptSyntaxError(UNSUPPORTED[ch])
    } else {
      if (ch === '*' || ch === '?' || ch === '[') pattern = true
      if (ch === '~' && i === at)
        throw new ScriptSyntaxError('~ (the home folder) is not supported')
      out += ch
      i += 1
    }
  }
  return { word: pattern ? { text: out, pattern } : { text: out }, end: i }
}

/** The words of one logical line (comments dropped). */
function splitWords(text: string): Word[] {
  const words: Word[] = []
  let i = 0
  while (i < text.length) {
    if (/\s/.test(text[i]!)) {
      i += 1
      continue
    }
    if (text[i] === '#') break
    const { word, end } = readWord(text, i)
    words.push(word)
    i = end
  }
  return words
}

/** Logical lines: a line ending in an unescaped backslash continues on the next one. */
function logicalLines(script: string): { line: number; text: string }[] {
  const physical = script.replace(/\r\n?/g, '\n').split('\n')
  const out: { line: number; text: string }[] = []
  let start = 0
  let text = ''
  physical.forEach((raw, i) => {
    if (text === '') start = i + 1
    const continued = /(^|[^\\])(\\\\)*\\$/.test(raw)
    text += continued ? raw.slice(0, -1) : raw
    if (!continued) {
      out.push({ line: start, text })
      text = ''
    }
  })
  if (text !== '') out.push({ line: start, text })
  return out
}

function commandOf(words: Word[]): { name: CommandName; program: string } {
  const first = words[0]!
  if (first.pattern) throw new ScriptSyntaxError('a command name cannot be a * pattern')
  const program = first.text
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(program))
    throw new ScriptSyntaxError('variables are not supported')
  if (CONTROL.has(program)) throw new ScriptSyntaxError('loops and conditions are not supported')
  // `../bin/ca65` runs ca65 too: real scripts often name the tools by where they unpacked them
  const base = program.split('/').pop() ?? program
  if (TOOLS.has(base)) return { name: base as CommandName, program }
  if (BUILTINS.has(program)) return { name: program as CommandName, program }
  throw new ScriptSyntaxError(`'${program}' is not a command build.sh can run`)
}

/** Splits build.sh into commands, or names the first line it cannot run and why. */
export function parseBuildScript(script: string): ParsedScript {
  const commands: ScriptCommand[] = []
  for (const { line, text } of logicalLines(script)) {
    try {
      const words = splitWords(text)
      if (words.length === 0) continue
      const { name, program } = commandOf(words)
      const args = words.slice(1)
      if (name !== 'rm' && args.some((w) => w.pattern))
        throw new ScriptSyntaxError('* patterns are supported in rm only')
      commands.push({ line, name, program, args })
    } catch (error) {
      if (!(error instanceof ScriptSyntaxError)) throw error
      return { ok: false, error: { line, message: `${error.message}. ${SUPPORTED}.` } }
    }
  }
  return { ok: true, commands }
}
