// "Main file" above the project tree: which source the build assembles (an import picks it wherever it sits; the
// user may pick another .asm file here).
import type { Project } from '../project/project-files'
import { canBeMain } from '../project/project-files'

interface MainFilePickerProps {
  project: Project
  onSetMain: (id: string) => void
}

export function MainFilePicker({ project, onSetMain }: MainFilePickerProps) {
  const main = project.files.find((f) => f.type === 'main')
  const choices = project.files
    .filter((f) => f.type === 'main' || (canBeMain(f) && /\.asm$/i.test(f.filename)))
    .sort((a, b) => a.filename.localeCompare(b.filename))
  return (
    <label className="studio-tree__main">
      <span className="studio-tree__main-label">Main file</span>
      <select
        className="studio-input studio-tree__main-select"
        value={main?.id ?? ''}
        title={main?.filename}
        onChange={(e) => onSetMain(e.target.value)}
      >
        {choices.map((f) => (
          <option key={f.id} value={f.id}>
            {f.filename}
          </option>
        ))}
      </select>
    </label>
  )
}
