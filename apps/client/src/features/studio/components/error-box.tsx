// 'Compilation Error:' box: the message, every diagnostic (click to jump to it), the compiler output and listing;
// and in its place after a build that read placeholders, the box that says so.
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { CompileError } from '../build/compile-result'

interface ErrorBoxProps {
  error: CompileError
  onJump: (d: StudioDiagnostic) => void
  boxRef?: React.Ref<HTMLElement>
}

/** The diagnostics as buttons that open their file at their line. */
function ProblemList(props: {
  diagnostics: readonly StudioDiagnostic[]
  onJump: (d: StudioDiagnostic) => void
}) {
  if (props.diagnostics.length === 0) return null
  return (
    <ul className="studio-error__list">
      {props.diagnostics.map((d, i) => (
        <li key={`${d.file}:${d.line}:${d.column}:${i}`}>
          <button
            type="button"
            className={`studio-error__item studio-error__item--${d.severity}`}
            onClick={() => props.onJump(d)}
          >
            <span className="studio-error__where">
              {d.file}:{d.line}:{d.column}
            </span>{' '}
            {d.severity}: {d.message}
          </button>
        </li>
      ))}
    </ul>
  )
}

export function ErrorBox({ error, onJump, boxRef }: ErrorBoxProps) {
  return (
    <section className="studio-error" role="alert" data-testid="compile-error" ref={boxRef}>
      <h2 className="studio-error__title">Compilation Error:</h2>
      <p className="studio-error__message">{error.message}</p>
      <ProblemList diagnostics={error.diagnostics} onJump={onJump} />
      {error.stdout && (
        <details className="studio-error__details">
          <summary>Compiler messages</summary>
          <pre>{error.stdout}</pre>
        </details>
      )}
      {error.listing && (
        <details className="studio-error__details">
          <summary>Listing</summary>
          <pre>{error.listing}</pre>
        </details>
      )}
    </section>
  )
}

interface NoticeBoxProps {
  notices: readonly StudioDiagnostic[]
  onJump: (d: StudioDiagnostic) => void
  boxRef?: React.Ref<HTMLElement>
}

/**
 * In the error box's place after a build that succeeded but read placeholders: the ROM is not the project's real
 * one, and this says which files are missing and where the build read them.
 */
export function NoticeBox({ notices, onJump, boxRef }: NoticeBoxProps) {
  return (
    <section
      className="studio-error studio-error--notice"
      role="status"
      data-testid="compile-notice"
      ref={boxRef}
    >
      <h2 className="studio-error__title">Built with placeholders:</h2>
      <p className="studio-error__message">
        The ROM was built, but not from the project's real files: add them (or edit the
        placeholders).
      </p>
      <ProblemList diagnostics={notices} onJump={onJump} />
    </section>
  )
}
