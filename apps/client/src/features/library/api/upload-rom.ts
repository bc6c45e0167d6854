// POST /api/roms (multipart romFile + title) over XMLHttpRequest, which, unlike fetch, reports upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RomEntry, RomUploadResponse } from '@nes-studio/shared'
import { ApiError } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'
import { ROMS_QUERY_KEY } from './roms-query-key'

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  sent: number
  /** Total request body bytes. */
  total: number
}

export interface UploadRomInput {
  file: File
  title: string
  onProgress?: (progress: UploadProgress) => void
  /** Aborts the request; the server stores nothing of a request it did not receive whole. */
  signal?: AbortSignal
}

export function uploadRom({ file, title, onProgress, signal }: UploadRomInput): Promise<RomEntry> {
  const form = new FormData()
  form.append('title', title)
  form.append('romFile', file, file.name)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', ROMS_QUERY_KEY[0])
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total })
    }
    xhr.onload = () => {
      const text = xhr.responseText
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((JSON.parse(text) as RomUploadResponse).rom)
        return
      }
      let code = 'HttpError'
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? code
      } catch {
        // not our JSON error body
      }
      reject(new ApiError(xhr.status, code, `${xhr.status}: ${text || xhr.statusText}`))
    }
    xhr.onerror = () => reject(new Error('Network error while uploading'))
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'))
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'))
      return
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/**
 * Uploads, then reloads the list (spec section 4: after a successful upload the list reloads), here and in the
 * site's other tabs.
 */
export function useUploadRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadRom,
    onSuccess: () => announceLibraryChange(queryClient),
  })
}
