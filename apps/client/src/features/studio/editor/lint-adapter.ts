// Maps studio diagnostics (1-based line/column spans) to CodeMirror lint diagnostics (document offsets).
import type { Diagnostic as CmDiagnostic } from '@codemirror/lint'
import type { Text } from '@codemirror/state'
import type { StudioDiagnostic } from '../build/studio-diagnostic'

export const LINT_SOURCE = 'asm6502'

/**
 * Converts the diagnostics of one file to CodeMirror diagnostics for `doc`. Lines past the end are clamped to the
 * last line and columns to the line's end; a zero-length span marks one character (or the line end) so it is visible.
 */
export function toCodeMirrorDiagnostics(
  doc: Text,
  diagnostics: readonly StudioDiagnostic[],
  file: string,
): CmDiagnostic[] {
  return diagnostics
    .filter((d) => d.file === file)
    .map((d) => {
      const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines))
      const from = Math.min(line.from + Math.max(d.column, 1) - 1, line.to)
      let to = Math.min(from + Math.max(d.length, 0), line.to)
      if (to === from && from < line.to) to = from + 1
      return { from, to, severity: d.severity, message: d.message, source: LINT_SOURCE }
    })
}

/** The document offset where a diagnostic starts (for "jump to error"). */
export function diagnosticOffset(doc: Text, d: StudioDiagnostic): number {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines))
  return Math.min(line.from + Math.max(d.column, 1) - 1, line.to)
}
