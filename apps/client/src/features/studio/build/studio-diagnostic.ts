// The studio's view of a problem in a file: assembler diagnostics and CHR text problems both become this.
import type { Diagnostic } from '@nes-studio/assembler'

export interface StudioDiagnostic {
  severity: 'error' | 'warning' | 'info'
  /** The assembler's DiagnosticCode, or 'ChrText' for a problem in CHR text (absent for a bare position). */
  code?: string
  message: string
  file: string
  /** 1-based line and column; length in characters (0 marks a single position). */
  line: number
  column: number
  length: number
}

export function fromAssemblerDiagnostic(d: Diagnostic): StudioDiagnostic {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    file: d.span.file,
    line: d.span.line,
    column: d.span.column,
    length: d.span.length,
  }
}

/** "file:line:col: error: message", as the CLI prints it. */
export function formatStudioDiagnostic(d: StudioDiagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`
}
