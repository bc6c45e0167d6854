// NEW PROJECT: the templates a project can start from (NESASM, ca65 assembly, C with cc65; all NROM). The
// current project is replaced at once; the toast that follows has an Undo.
import type { ProjectTemplate } from '../project/project-files'

const TEMPLATES: { template: ProjectTemplate; title: string; about: string }[] = [
  { template: 'nesasm', title: 'NESASM', about: 'main.asm: a green screen (NROM)' },
  {
    template: 'ca65',
    title: 'ca65 assembly',
    about: 'main.s, nrom.cfg, tiles.chr: a smiley the D-pad moves',
  },
  { template: 'c', title: 'C with cc65', about: 'main.c: text and a frame counter (nes target)' },
]

interface NewProjectDialogProps {
  onPick: (template: ProjectTemplate) => void
  onCancel: () => void
}

export function NewProjectDialog({ onPick, onCancel }: NewProjectDialogProps) {
  return (
    <section className="studio-dialog studio-new-project" role="dialog" aria-label="New project">
      <p className="studio-dialog__label">
        New project: its files replace all of these (Undo in the notice).
      </p>
      <div className="studio-new-project__templates">
        {TEMPLATES.map(({ template, title, about }, i) => (
          <button
            key={template}
            type="button"
            className="btn studio-new-project__template"
            onClick={() => onPick(template)}
            autoFocus={i === 0}
          >
            <span className="studio-new-project__title">{title}</span>
            <span className="studio-new-project__about">{about}</span>
          </button>
        ))}
      </div>
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        Cancel
      </button>
    </section>
  )
}
