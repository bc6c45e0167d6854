// The project this browser kept for the studio, read before the studio shows (IndexedDB answers asynchronously).
import { useEffect, useState } from 'react'
import { browserProjectStorage, loadProject } from '../project/project-db'
import type { LoadedProject, ProjectStorage } from '../project/project-db'

export type SavedProjectState =
  { status: 'loading' } | { status: 'ready'; saved: LoadedProject | undefined }

export function useSavedProject(storage: ProjectStorage = browserProjectStorage()) {
  const [state, setState] = useState<SavedProjectState>({ status: 'loading' })
  useEffect(() => {
    let isCurrent = true
    void loadProject(storage).then((saved) => {
      if (isCurrent) setState({ status: 'ready', saved })
    })
    return () => {
      isCurrent = false
    }
  }, [storage])
  return state
}
