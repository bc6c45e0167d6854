// One tab per file: main.asm cannot be closed, the others have a close control, .chr files carry a CHR badge.
// Many tabs scroll sideways (a mouse wheel scrolls them too) and the active one is always scrolled into view.
import { useEffect, useRef, useState } from 'react'
import type { FormEvent, WheelEvent } from 'react'
import type { EditorFile } from '../project/project-files'

interface FileTabsProps {
  files: readonly EditorFile[]
  activeId: string
  errorFiles: ReadonlySet<string>
  onSelect: (id: string) => void
  onClose: (file: EditorFile) => void
}

/** A vertical wheel turn scrolls the strip sideways: a mouse without a sideways wheel reaches the last tabs. */
function scrollSideways(event: WheelEvent<HTMLDivElement>) {
  const strip = event.currentTarget
  if (event.deltaY === 0 || event.deltaX !== 0 || strip.scrollWidth <= strip.clientWidth) return
  strip.scrollLeft += event.deltaY
}

export function FileTabs({ files, activeId, errorFiles, onSelect, onClose }: FileTabsProps) {
  const strip = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const tab = strip.current?.querySelector<HTMLElement>('.studio-tab--active')
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [activeId, files.length])
  return (
    <div
      ref={strip}
      className="studio-tabs"
      role="tablist"
      aria-label="Files"
      onWheel={scrollSideways}
    >
      {files.map((file) => {
        const isActive = file.id === activeId
        return (
          <div
            key={file.id}
            className={`studio-tab${isActive ? ' studio-tab--active' : ''}`}
            data-testid="file-tab"
          >
            <button
              type="button"
              role="tab"
              aria-selected={isActive}
              className="studio-tab__name"
              onClick={() => onSelect(file.id)}
            >
              {errorFiles.has(file.filename) && (
                <span className="studio-tab__error" aria-hidden="true" />
              )}
              <span className="studio-tab__label">{file.filename}</span>
              {errorFiles.has(file.filename) && (
                <span className="visually-hidden"> (has errors)</span>
              )}
              {file.type === 'chr' && <span className="studio-tab__badge">CHR</span>}
              {file.binary && <span className="studio-tab__badge studio-tab__badge--bin">BIN</span>}
            </button>
            {file.type !== 'main' && (
              <button
                type="button"
                className="studio-tab__close"
                aria-label={`Close ${file.filename}`}
                onClick={() => onClose(file)}
              >
                ×
              </button>
            )}
          </div>
        )
      })}
    </div>
  )
}

interface NewFileFormProps {
  onAdd: (name: string) => string | undefined
}

/** 'New file name...' field; Enter or the add button adds. `onAdd` returns a problem to show, if any. */
export function NewFileForm({ onAdd }: NewFileFormProps) {
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = onAdd(name)
    setProblem(result)
    if (!result) setName('')
  }
  return (
    <form
      className="studio-newfile"
      onSubmit={submit}
      onBlur={(event) => {
        // Leaving the field for something else: the name's problem belongs to that attempt, not to what comes next.
        if (!event.currentTarget.contains(event.relatedTarget)) setProblem(undefined)
      }}
    >
      <input
        className="studio-input"
        placeholder="New file name..."
        aria-label="New file name"
        value={name}
        onChange={(e) => {
          setName(e.target.value)
          setProblem(undefined)
        }}
      />
      <button type="submit" className="btn" aria-label="Add file">
        + ADD
      </button>
      {problem && (
        <span className="studio-newfile__problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  )
}
