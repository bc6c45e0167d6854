// Taking a project another browser tab saved: files this tab already shows unchanged keep their ids (so their
// editors, undo history and cursors stay), and the open tabs and the active file follow the files by name.
import type { EditorFile, Project } from './project-files'

function sameFile(a: EditorFile, b: EditorFile): boolean {
  if (a.filename !== b.filename || a.content !== b.content || a.type !== b.type) return false
  if (a.placeholder !== b.placeholder) return false
  if (!a.binary || !b.binary) return a.binary === b.binary
  return a.binary.length === b.binary.length && a.binary.every((byte, i) => byte === b.binary![i])
}

export interface AdoptedProject {
  project: Project
  openIds: string[]
  activeId: string
}

/** `theirs` as this tab's project, with this tab's open tabs and active file kept where they still exist. */
export function adoptProject(
  mine: Project,
  theirs: Project,
  openIds: readonly string[],
  activeId: string,
): AdoptedProject {
  const files = theirs.files.map((file) => {
    const kept = mine.files.find((f) => f.filename === file.filename)
    return kept && sameFile(kept, file) ? kept : file
  })
  const project = { ...theirs, files }
  const idOf = (id: string) => {
    const name = mine.files.find((f) => f.id === id)?.filename
    return files.find((f) => f.filename === name)?.id
  }
  const main = files.find((f) => f.type === 'main') ?? files[0]
  const tabs = openIds.flatMap((id) => idOf(id) ?? [])
  if (main && !tabs.includes(main.id)) tabs.unshift(main.id)
  return { project, openIds: tabs, activeId: idOf(activeId) ?? main?.id ?? '' }
}
