// NESASM command-line parsing: -s/-S, -l N/-lN, -m, -raw, -srec, -?, and our -g; the last file
// name wins.

export interface CliArgs {
  segments: 0 | 1 | 2
  listLevel: 0 | 1 | 2 | 3
  macroExpansion: boolean
  output: 'nes' | 'raw' | 'srec'
  help: boolean
  /** `-g` (ours, NESASM ignores it): also write `<name>.dbg.json` and `<name>.mlb`. */
  debug: boolean
  file: string | null
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const r: CliArgs = {
    segments: 0,
    listLevel: 2,
    macroExpansion: false,
    output: 'nes',
    help: false,
    debug: false,
    file: null,
  }
  let raw = false
  let srec = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (!arg.startsWith('-')) {
      r.file = arg
      continue
    }
    if (arg === '-s') r.segments = 1
    else if (arg === '-S') r.segments = 2
    else if (arg === '-m') r.macroExpansion = true
    else if (arg === '-raw') raw = true
    else if (arg === '-srec') srec = true
    else if (arg === '-?') r.help = true
    else if (arg === '-g') r.debug = true
    else if (arg.startsWith('-l')) {
      const v = arg.length === 2 ? (argv[++i] ?? '0') : arg.slice(2)
      const n = parseInt(v, 10)
      const level = Number.isNaN(n) ? 0 : n
      r.listLevel = level >= 0 && level <= 3 ? (level as 0 | 1 | 2 | 3) : 2
    }
  }
  r.output = srec ? 'srec' : raw ? 'raw' : 'nes'
  return r
}

/** Output file names: the input name with its extension replaced (NESASM's rule). */
export function outputNames(input: string): { base: string; asm: string } {
  const slash = input.lastIndexOf('/')
  const dot = input.lastIndexOf('.')
  if (dot > slash) return { base: input.slice(0, dot), asm: input }
  return { base: input, asm: input + '.asm' }
}
