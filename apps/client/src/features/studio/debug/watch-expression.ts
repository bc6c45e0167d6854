// Watch expressions in the assembler's own syntax: symbols, numbers ($hex, %binary, decimal, 'c'), unary
// - ~ < (low byte) > (high byte), binary * / % + - & | ^ << >>, and parentheses. The value is an address
// (or a number); the watch list shows the byte there too.

export type WatchResult = { ok: true; value: number } | { ok: false; error: string }

type Token =
  { kind: 'num'; value: number } | { kind: 'name'; text: string } | { kind: 'op'; text: string }

const BINARY: Record<string, [number, (a: number, b: number) => number]> = {
  '*': [5, (a, b) => a * b],
  '/': [5, (a, b) => (b === 0 ? Number.NaN : Math.trunc(a / b))],
  '%': [5, (a, b) => (b === 0 ? Number.NaN : a % b)],
  '+': [4, (a, b) => a + b],
  '-': [4, (a, b) => a - b],
  '<<': [3, (a, b) => a << b],
  '>>': [3, (a, b) => a >> b],
  '&': [2, (a, b) => a & b],
  '^': [1, (a, b) => a ^ b],
  '|': [0, (a, b) => a | b],
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  const re =
    /\s*(?:(\$[0-9a-fA-F]+)|(%[01]+)|(\d+)|'(.)'|([A-Za-z_.][A-Za-z0-9_.]*)|(<<|>>|[-+*/%&|^~<>()]))/y
  let pos = 0
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break
    re.lastIndex = pos
    const m = re.exec(text)
    if (!m) throw new Error(`Unexpected "${text.slice(pos).trim()[0]}" at column ${pos + 1}`)
    pos = re.lastIndex
    if (m[1]) tokens.push({ kind: 'num', value: parseInt(m[1].slice(1), 16) })
    else if (m[2]) tokens.push({ kind: 'num', value: parseInt(m[2].slice(1), 2) })
    else if (m[3]) tokens.push({ kind: 'num', value: parseInt(m[3], 10) })
    else if (m[4]) tokens.push({ kind: 'num', value: m[4].charCodeAt(0) })
    else if (m[5]) tokens.push({ kind: 'name', text: m[5] })
    else tokens.push({ kind: 'op', text: m[6]! })
  }
  return tokens
}

/** Evaluates `text` with `lookup` for symbols (undefined: unknown symbol). */
export function evaluateWatch(
  text: string,
  lookup: (name: string) => number | undefined,
): WatchResult {
  try {
    const tokens = tokenize(text)
    if (tokens.length === 0) return { ok: false, error: 'Empty expression' }
    let i = 0
    const primary = (): number => {
      const t = tokens[i++]
      if (!t) throw new Error('The expression ends too soon')
      if (t.kind === 'num') return t.value
      if (t.kind === 'name') {
        const v = lookup(t.text)
        if (v === undefined) throw new Error(`Unknown symbol ${t.text}`)
        return v
      }
      if (t.text === '(') {
        const v = binary(0)
        const close = tokens[i++]
        if (!close || close.kind !== 'op' || close.text !== ')') throw new Error('Missing )')
        return v
      }
      const v = primary()
      if (t.text === '-') return -v
      if (t.text === '~') return ~v
      if (t.text === '<') return v & 0xff
      if (t.text === '>') return (v >> 8) & 0xff
      throw new Error(`Unexpected ${t.text}`)
    }
    const binary = (min: number): number => {
      let left = primary()
      for (;;) {
        const t = tokens[i]
        const op = t?.kind === 'op' ? BINARY[t.text] : undefined
        if (!op || op[0] < min) return left
        i++
        left = op[1](left, binary(op[0] + 1))
      }
    }
    const value = binary(0)
    if (i < tokens.length) throw new Error('Unexpected text after the expression')
    if (Number.isNaN(value)) throw new Error('Division by zero')
    return { ok: true, value }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}
