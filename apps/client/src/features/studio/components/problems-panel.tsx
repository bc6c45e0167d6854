// Problems panel: every diagnostic of the last check or compile (errors and warnings, with code and
// file:line:col) in one list, filtered by severity and text; clicking one opens its file at its line.
import { useMemo, useState } from 'react'
import { countProblems, filterProblems, sortProblems } from '../build/problem-filter'
import type { StudioDiagnostic } from '../build/studio-diagnostic'

interface ProblemsPanelProps {
  diagnostics: readonly StudioDiagnostic[]
  onJump: (d: StudioDiagnostic) => void
}

const MAX_SHOWN = 500

export function ProblemsPanel({ diagnostics, onJump }: ProblemsPanelProps) {
  const [text, setText] = useState('')
  const [showErrors, setShowErrors] = useState(true)
  const [showWarnings, setShowWarnings] = useState(true)
  const counts = countProblems(diagnostics)
  const shown = useMemo(
    () => filterProblems(sortProblems(diagnostics), { text, showErrors, showWarnings }),
    [diagnostics, text, showErrors, showWarnings],
  )
  return (
    <section className="studio-panel studio-problems" aria-label="Problems" id="studio-problems">
      <div className="studio-problems__head">
        <h2 className="panel__title studio-problems__title">Problems</h2>
        <label className="studio-problems__toggle">
          <input
            type="checkbox"
            checked={showErrors}
            onChange={(e) => setShowErrors(e.target.checked)}
          />
          Errors ({counts.errors})
        </label>
        <label className="studio-problems__toggle">
          <input
            type="checkbox"
            checked={showWarnings}
            onChange={(e) => setShowWarnings(e.target.checked)}
          />
          Warnings ({counts.warnings})
        </label>
        <input
          className="studio-input studio-problems__filter"
          placeholder="Filter problems..."
          aria-label="Filter problems"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {diagnostics.length === 0 ? (
        <p className="studio-problems__empty">No problems found.</p>
      ) : shown.length === 0 ? (
        <p className="studio-problems__empty">No problem matches the filter.</p>
      ) : (
        <ul className="studio-problems__list">
          {shown.slice(0, MAX_SHOWN).map((d, i) => (
            <li key={`${d.file}:${d.line}:${d.column}:${d.code ?? ''}:${i}`}>
              <button
                type="button"
                className={`studio-problems__item studio-problems__item--${d.severity}`}
                onClick={() => onJump(d)}
              >
                <span className="studio-problems__severity">{d.severity}</span>
                <span className="studio-problems__where">
                  {d.file}:{d.line}:{d.column}
                </span>
                {d.code && <span className="studio-problems__code">{d.code}</span>}
                <span className="studio-problems__message">{d.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown.length > MAX_SHOWN && (
        <p className="studio-problems__empty">
          Showing {MAX_SHOWN} of {shown.length}: narrow the filter to see the rest.
        </p>
      )}
    </section>
  )
}

/** "2 errors, 1 warning" beside COMPILE & RUN; a link to the problems panel. */
export function ProblemCounts({ diagnostics }: { diagnostics: readonly StudioDiagnostic[] }) {
  const { errors, warnings } = countProblems(diagnostics)
  const label = `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`
  return (
    <a
      className="studio-counts"
      href="#studio-problems"
      aria-label={label}
      data-testid="problem-counts"
    >
      <span className={`studio-counts__item${errors > 0 ? ' studio-counts__item--error' : ''}`}>
        <span className="studio-counts__led studio-counts__led--error" aria-hidden="true" />
        {errors}
      </span>
      <span className={`studio-counts__item${warnings > 0 ? ' studio-counts__item--warning' : ''}`}>
        <span className="studio-counts__led studio-counts__led--warning" aria-hidden="true" />
        {warnings}
      </span>
    </a>
  )
}
