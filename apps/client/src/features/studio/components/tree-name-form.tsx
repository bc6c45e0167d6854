// The tree's inline name field (new file, new folder, rename/move): Enter applies, Escape cancels.
import { useState } from 'react'
import type { FormEvent } from 'react'

interface TreeNameFormProps {
  label: string
  initial: string
  /** Returns a problem to show, or undefined when done. */
  onSubmit: (value: string) => string | undefined
  onCancel: () => void
}

export function TreeNameForm({ label, initial, onSubmit, onCancel }: TreeNameFormProps) {
  const [value, setValue] = useState(initial)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = onSubmit(value)
    if (result) setProblem(result)
  }
  return (
    <form className="studio-tree__form" onSubmit={submit}>
      <input
        className="studio-input studio-tree__input"
        aria-label={label}
        value={value}
        autoFocus
        onFocus={(e) => {
          // Select the name without its extension, as file managers do.
          const dot = e.target.value.lastIndexOf('.')
          const slash = e.target.value.lastIndexOf('/')
          e.target.setSelectionRange(slash + 1, dot > slash ? dot : e.target.value.length)
        }}
        onChange={(e) => {
          setValue(e.target.value)
          setProblem(undefined)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel()
        }}
      />
      <button type="submit" className="btn studio-tree__ok">
        OK
      </button>
      <button type="button" className="btn btn--ghost studio-tree__ok" onClick={onCancel}>
        Cancel
      </button>
      {problem && (
        <span className="studio-newfile__problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  )
}
