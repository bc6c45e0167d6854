// 'Compilation Error:' box: the message, every diagnostic (click to jump to it), the compiler output and listing.
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { CompileError } from '../build/compile-result'

interface ErrorBoxProps {
  error: CompileError
  onJump: (d: StudioDiagnostic) => void
  boxRef?: React.Ref<HTMLElement>
}

export function ErrorBox({ error, onJump, boxRef }: ErrorBoxProps) {
  return (
    <section className="studio-error" role="alert" data-testid="compile-error" ref={boxRef}>
      <h2 className="studio-error__title">Compilation Error:</h2>
      <p className="studio-error__message">{error.message}</p>
      {error.diagnostics.length > 0 && (
        <ul className="studio-error__list">
          {error.diagnostics.map((d, i) => (
            <li key={`${d.file}:${d.line}:${d.column}:${i}`}>
              <button
                type="button"
                className={`studio-error__item studio-error__item--${d.severity}`}
                onClick={() => onJump(d)}
              >
                <span className="studio-error__where">
                  {d.file}:{d.line}:{d.column}
                </span>{' '}
                {d.severity}: {d.message}
              </button>
            </li>
          ))}
        </ul>
      )}
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
