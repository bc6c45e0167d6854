// Reads ld65's --dbgfile output (cc65 2.19's format, version 2.0): one record a line, `kind<TAB>key=value,...`,
// values being numbers (decimal or 0x hex), quoted strings, or id lists joined by '+'. Only the records the
// debugger needs are kept: files, lines, spans, segments, symbols, C symbols and scopes.

export interface DbgFile {
  files: Map<number, { name: string }>
  /** type: 0 assembler source, 1 external (C, from cc65 -g), 2 macro. */
  lines: { file: number; line: number; type: number; spans: number[] }[]
  spans: Map<number, { seg: number; start: number; size: number }>
  /** `ooffs` (offset in the output file) only for segments written to one. */
  segs: Map<number, { name: string; start: number; size: number; oname?: string; ooffs?: number }>
  syms: Map<
    number,
    { name: string; val?: number; seg?: number; type: string; scope?: number; parent?: number }
  >
  /** C symbols: `sc` is the storage class (ext, static, auto, reg), `sym` the assembler symbol. */
  csyms: { name: string; sc: string; sym?: number }[]
  scopes: Map<number, { name: string; parent?: number }>
}

type Fields = Map<string, string>

/** `a=1,b="x,y",c=1+2` as key -> raw value (strings unquoted). */
function fieldsOf(text: string): Fields {
  const out: Fields = new Map()
  const re = /([a-z]+)=("(?:[^"\\]|\\.)*"|[^,]*)(?:,|$)/gy
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null && m[0] !== '') {
    const raw = m[2]!
    out.set(m[1]!, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw)
  }
  return out
}

const num = (f: Fields, key: string): number | undefined => {
  const raw = f.get(key)
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) ? value : undefined
}

const ids = (f: Fields, key: string): number[] =>
  (f.get(key) ?? '')
    .split('+')
    .filter((s) => s !== '')
    .map(Number)

/** Parses the text of an ld65 debug file; throws when it is not one. */
export function parseDbgFile(text: string): DbgFile {
  if (!/^version\tmajor=2,/.test(text)) throw new Error('Not an ld65 debug file (version 2)')
  const dbg: DbgFile = {
    files: new Map(),
    lines: [],
    spans: new Map(),
    segs: new Map(),
    syms: new Map(),
    csyms: [],
    scopes: new Map(),
  }
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t')
    if (tab < 0) continue
    const f = fieldsOf(line.slice(tab + 1))
    const id = num(f, 'id') ?? -1
    switch (line.slice(0, tab)) {
      case 'file':
        dbg.files.set(id, { name: f.get('name') ?? '' })
        break
      case 'line':
        dbg.lines.push({
          file: num(f, 'file') ?? -1,
          line: num(f, 'line') ?? 0,
          type: num(f, 'type') ?? 0,
          spans: ids(f, 'span'),
        })
        break
      case 'span':
        dbg.spans.set(id, {
          seg: num(f, 'seg') ?? -1,
          start: num(f, 'start') ?? 0,
          size: num(f, 'size') ?? 0,
        })
        break
      case 'seg': {
        const ooffs = num(f, 'ooffs')
        const oname = f.get('oname')
        dbg.segs.set(id, {
          name: f.get('name') ?? '',
          start: num(f, 'start') ?? 0,
          size: num(f, 'size') ?? 0,
          ...(oname !== undefined && { oname }),
          ...(ooffs !== undefined && { ooffs }),
        })
        break
      }
      case 'sym': {
        const [val, seg, scope, parent] = ['val', 'seg', 'scope', 'parent'].map((k) => num(f, k))
        dbg.syms.set(id, {
          name: f.get('name') ?? '',
          type: f.get('type') ?? '',
          ...(val !== undefined && { val }),
          ...(seg !== undefined && { seg }),
          ...(scope !== undefined && { scope }),
          ...(parent !== undefined && { parent }),
        })
        break
      }
      case 'csym': {
        const sym = num(f, 'sym')
        dbg.csyms.push({
          name: f.get('name') ?? '',
          sc: f.get('sc') ?? '',
          ...(sym !== undefined && { sym }),
        })
        break
      }
      case 'scope': {
        const parent = num(f, 'parent')
        dbg.scopes.set(id, { name: f.get('name') ?? '', ...(parent !== undefined && { parent }) })
        break
      }
    }
  }
  return dbg
}
