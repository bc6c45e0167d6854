// Many files at once: one queue, uploaded one after another with each file's progress; duplicates and
// bad files are reported on their own line and the rest go on; Cancel aborts the upload under way (the
// server keeps nothing of a request it did not get whole) and leaves the others unsent.
import { useCallback, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'
import { serverMessage } from '../../../lib/server-message'
import { uploadRom } from '../api/upload-rom'
import type { Candidate } from '../lib/collect-rom-files'

export type QueueStatus = 'waiting' | 'uploading' | 'added' | 'duplicate' | 'failed' | 'cancelled'

export interface QueueItem {
  key: number
  name: string
  size: number
  status: QueueStatus
  /** Request bytes sent while uploading. */
  sent: number
  total: number
  /** Why a file was not added, or the title it was added under. */
  message?: string
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/** The queue line for a file once its upload has ended. */
function outcome(error: unknown): Pick<QueueItem, 'status' | 'message'> {
  if (isAbort(error)) return { status: 'cancelled', message: 'Cancelled.' }
  if (error instanceof ApiError && error.code === 'DuplicateRom') {
    return { status: 'duplicate', message: serverMessage(error) ?? 'Already in the library.' }
  }
  return { status: 'failed', message: serverMessage(error) ?? 'The upload failed.' }
}

function itemsOf(candidates: readonly Candidate[]): {
  items: QueueItem[]
  files: Map<number, File>
} {
  const files = new Map<number, File>()
  const items = candidates.map((candidate, key): QueueItem => {
    if (candidate.kind === 'refused') {
      const base = { key, name: candidate.name, size: 0, sent: 0, total: 0 }
      return { ...base, status: 'failed', message: candidate.reason }
    }
    files.set(key, candidate.file)
    const { name, size } = candidate.file
    return { key, name, size, status: 'waiting', sent: 0, total: size }
  })
  return { items, files }
}

export function useUploadQueue() {
  const queryClient = useQueryClient()
  const [items, setItems] = useState<QueueItem[]>([])
  const [isRunning, setRunning] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const update = (key: number, change: Partial<QueueItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const upload = async (key: number, file: File, signal: AbortSignal): Promise<boolean> => {
    update(key, { status: 'uploading' })
    try {
      const onProgress = ({ sent, total }: { sent: number; total: number }) =>
        update(key, { sent, total })
      const rom = await uploadRom({ file, title: '', onProgress, signal })
      update(key, { status: 'added', message: rom.title })
      return true
    } catch (error) {
      update(key, outcome(error))
      return false
    }
  }

  const start = useCallback(
    async (candidates: readonly Candidate[]) => {
      const { items: queued, files } = itemsOf(candidates)
      setItems(queued)
      setRunning(true)
      const controller = new AbortController()
      abort.current = controller
      let added = 0
      for (const [key, file] of files) {
        if (controller.signal.aborted) update(key, { status: 'cancelled', message: 'Not sent.' })
        else if (await upload(key, file, controller.signal)) added++
      }
      setRunning(false)
      if (added > 0) await announceLibraryChange(queryClient)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update and upload only use setters
    [queryClient],
  )
  const cancel = useCallback(() => abort.current?.abort(), [])
  const clear = useCallback(() => setItems([]), [])
  return { items, isRunning, start, cancel, clear }
}
