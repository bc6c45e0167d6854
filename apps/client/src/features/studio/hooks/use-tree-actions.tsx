// The project tree's actions with their messages: rename/move, new file or folder, and delete with an Undo toast.
import { useCallback } from 'react'
import { toast } from '../../../components/ui/use-toast'
import type { PathProblem } from '../project/project-paths'
import type { useStudioProject } from './use-studio-project'

type Studio = ReturnType<typeof useStudioProject>

export const PATH_PROBLEMS: Record<PathProblem, string> = {
  blank: 'Enter a name.',
  exists: 'That name is already taken.',
  invalid: 'Use a plain relative name (no empty part, . or .., no \\ or leading /).',
  main: 'The main file stays where it is (pick another main file above the tree first).',
  folder: 'A folder already has that name.',
  'in-file': 'Part of that path is a file, and a file cannot hold other files.',
}

/** The Undo button of a toast. */
export function undoAction(onUndo: () => void) {
  return (
    <button type="button" className="btn studio-undo" onClick={onUndo}>
      Undo
    </button>
  )
}

export function useTreeActions(studio: Studio) {
  const { rename, newFolder, add, remove, restore } = studio

  const renameOrMove = useCallback(
    (from: string, to: string): string | undefined => {
      const result = rename(from, to)
      return result.ok ? undefined : PATH_PROBLEMS[result.reason]
    },
    [rename],
  )

  const create = useCallback(
    (kind: 'file' | 'folder', path: string): string | undefined => {
      if (kind === 'folder') {
        const result = newFolder(path)
        return result.ok ? undefined : PATH_PROBLEMS[result.reason]
      }
      const result = add(path)
      if (result.ok) return undefined
      return result.reason === 'exists' ? PATH_PROBLEMS.exists : PATH_PROBLEMS[result.reason]
    },
    [add, newFolder],
  )

  const deleteWithUndo = useCallback(
    (path: string) => {
      const before = remove(path)
      if (!before) {
        toast({ title: 'Not Deleted', description: PATH_PROBLEMS.main, variant: 'destructive' })
        return
      }
      const { dismiss } = toast({
        title: 'Deleted',
        description: `${path} was deleted.`,
        action: undoAction(() => {
          restore(before)
          dismiss()
        }),
      })
    },
    [remove, restore],
  )

  return { renameOrMove, create, deleteWithUndo }
}
