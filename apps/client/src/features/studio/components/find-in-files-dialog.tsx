// Ctrl+Shift+F find in files: every matching line of every text file; a click opens the file at that line.
import { useDeferredValue, useMemo, useState } from 'react'
import { findInFiles } from '../project/find-in-files'
import type { FindResult } from '../project/find-in-files'
import type { EditorFile } from '../project/project-files'

interface FindInFilesDialogProps {
  files: readonly EditorFile[]
  onJump: (result: FindResult) => void
  onClose: () => void
}

export function FindInFilesDialog({ files, onJump, onClose }: FindInFilesDialogProps) {
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const outcome = useMemo(() => findInFiles(files, deferred), [files, deferred])
  return (
    <div className="studio-modal" role="presentation" onClick={onClose}>
      <div
        className="studio-modal__box"
        role="dialog"
        aria-label="Find in files"
        onClick={(e) => e.stopPropagation()}
      >
        <input
          className="studio-input"
          placeholder="Find in files..."
          aria-label="Text to find"
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose()
            if (e.key === 'Enter' && outcome.results[0]) {
              onJump(outcome.results[0])
              onClose()
            }
          }}
        />
        {deferred !== '' && (
          <p className="studio-problems__empty" aria-live="polite">
            {outcome.results.length}
            {outcome.isTruncated ? '+' : ''} {outcome.results.length === 1 ? 'match' : 'matches'}
          </p>
        )}
        <ul className="studio-modal__list" aria-label="Matches">
          {outcome.results.map((r) => (
            <li key={`${r.fileId}:${r.line}`}>
              <button
                type="button"
                className="studio-modal__item"
                onClick={() => {
                  onJump(r)
                  onClose()
                }}
              >
                <span className="studio-problems__where">
                  {r.file}:{r.line}
                </span>{' '}
                <span className="studio-modal__text">{r.text}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
