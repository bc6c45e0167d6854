// Tiny factories for one-line assembler tests (acorn-style pass/fail helpers).
import { expect } from 'vitest'
import type { AssembleOptions, AssembleResult, DiagnosticCode } from '../src/index'
import { assemble } from '../src/index'

const enc = new TextEncoder()

export function asm(
  source: string,
  extra: Record<string, string | Uint8Array> = {},
  options: AssembleOptions = {},
): AssembleResult {
  const files: Record<string, Uint8Array> = { 'main.asm': enc.encode(source) }
  for (const [k, v] of Object.entries(extra)) files[k] = typeof v === 'string' ? enc.encode(v) : v
  return assemble({ files, main: 'main.asm', options })
}

/** Indents each line (so words are not taken as labels) unless it starts with '!'. */
export function src(lines: string): string {
  return (
    lines
      .split('\n')
      .map((l) => (l.startsWith('!') ? l.slice(1) : '  ' + l))
      .join('\n') + '\n'
  )
}

/** Bytes generated at the default origin (bank 0, $E000), up to a sentinel appended to the source. */
export function code(lines: string, extra: Record<string, string | Uint8Array> = {}): number[] {
  const r = asm(src(lines) + '  .db $A5,$5A,$A5\n', extra)
  if (!r.ok) {
    throw new Error(
      r.diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.message}`).join('\n'),
    )
  }
  const out: number[] = []
  for (let i = 16; i < r.rom.length; i++) {
    if (r.rom[i] === 0xa5 && r.rom[i + 1] === 0x5a && r.rom[i + 2] === 0xa5) break
    out.push(r.rom[i] ?? 0)
  }
  return out
}

/** Asserts that assembling fails with `code` first, at `where` ("line:col", 1-based). */
export function fails(lines: string, want: DiagnosticCode, where?: string): void {
  const r = asm(src(lines))
  expect(r.ok).toBe(false)
  const first = r.diagnostics.find((d) => d.severity === 'error')
  expect(first?.code).toBe(want)
  if (where !== undefined) expect(`${first?.span.line}:${first?.span.column}`).toBe(where)
}

/** Codes of the warnings produced by a source. */
export function warnings(lines: string): DiagnosticCode[] {
  return asm(src(lines))
    .diagnostics.filter((d) => d.severity === 'warning')
    .map((d) => d.code)
}
