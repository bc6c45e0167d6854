// The problems panel's model: counts by severity, and the filter (severities shown, text to match).
import type { StudioDiagnostic } from './studio-diagnostic'

export interface ProblemCounts {
  errors: number
  /** Warnings and infos (the assembler's "N more warnings not shown" summaries). */
  warnings: number
}

export function countProblems(diagnostics: readonly StudioDiagnostic[]): ProblemCounts {
  let errors = 0
  for (const d of diagnostics) if (d.severity === 'error') errors += 1
  return { errors, warnings: diagnostics.length - errors }
}

export interface ProblemFilter {
  showErrors: boolean
  showWarnings: boolean
  /** Case-insensitive; matched against "file:line:col", the code and the message. */
  text: string
}

export function filterProblems(
  diagnostics: readonly StudioDiagnostic[],
  filter: ProblemFilter,
): StudioDiagnostic[] {
  const needle = filter.text.trim().toLowerCase()
  return diagnostics.filter((d) => {
    const isError = d.severity === 'error'
    if (isError ? !filter.showErrors : !filter.showWarnings) return false
    if (needle === '') return true
    const haystack = `${d.file}:${d.line}:${d.column} ${d.code ?? ''} ${d.message}`.toLowerCase()
    return haystack.includes(needle)
  })
}

/** Errors before warnings (and infos), then by file, line and column. */
export function sortProblems(diagnostics: readonly StudioDiagnostic[]): StudioDiagnostic[] {
  const rank = (d: StudioDiagnostic) =>
    d.severity === 'error' ? 0 : d.severity === 'warning' ? 1 : 2
  return [...diagnostics].sort(
    (a, b) =>
      rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  )
}
