// Ctrl+P quick open: fuzzy file names (fuzzysort), arrows to choose, Enter or a click opens the file.
import fuzzysort from 'fuzzysort'
import { useMemo, useState } from 'react'
import type { EditorFile } from '../project/project-files'

interface QuickOpenProps {
  files: readonly EditorFile[]
  onOpen: (id: string) => void
  onClose: () => void
}

const LIMIT = 50

export function QuickOpen({ files, onOpen, onClose }: QuickOpenProps) {
  const [query, setQuery] = useState('')
  const [index, setIndex] = useState(0)
  const matches = useMemo(
    () =>
      query.trim() === ''
        ? files.slice(0, LIMIT)
        : fuzzysort.go(query.trim(), files, { key: 'filename', limit: LIMIT }).map((r) => r.obj),
    [files, query],
  )
  const choose = (file: EditorFile | undefined) => {
    if (!file) return
    onOpen(file.id)
    onClose()
  }
  return (
    <div className="studio-modal" role="presentation" onClick={onClose}>
      <div
        className="studio-modal__box"
        role="dialog"
        aria-label="Quick open"
        onClick={(e) => e.stopPropagation()}
      >
        <input
          className="studio-input"
          placeholder="Go to file..."
          aria-label="File name"
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setIndex(0)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose()
            else if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, matches.length - 1))
            else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0))
            else if (e.key === 'Enter') choose(matches[index])
            else return
            e.preventDefault()
          }}
        />
        {matches.length === 0 ? (
          <p className="studio-problems__empty">No file matches.</p>
        ) : (
          <ul className="studio-modal__list" role="listbox" aria-label="Matching files">
            {matches.map((file, i) => (
              <li key={file.id} role="option" aria-selected={i === index}>
                <button
                  type="button"
                  className={`studio-modal__item${i === index ? ' studio-modal__item--active' : ''}`}
                  onClick={() => choose(file)}
                >
                  {file.filename}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
