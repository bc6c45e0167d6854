// The list's revision as both backends spell it: "<library id>.<counter>" (see RomStore.revision).

export function formatRevision(libraryId: string, counter: number | string): string {
  return `${libraryId}.${counter}`
}

/** The counter of `revision` when it names the library `libraryId`; undefined for another library. */
export function revisionCounter(revision: string, libraryId: string): number | undefined {
  const dot = revision.lastIndexOf('.')
  if (dot < 0 || revision.slice(0, dot) !== libraryId) return undefined
  const counter = Number(revision.slice(dot + 1))
  return Number.isSafeInteger(counter) && counter >= 0 ? counter : undefined
}
