// Asks for a title and uploads the compiled ROM to the library (POST /api/roms, multipart romFile + title).
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { announceLibraryChange, LIBRARY_PATH } from '../../../lib/library-changes'

interface AddToLibraryDialogProps {
  rom: Uint8Array
  defaultTitle: string
  onDone: () => void
}

export async function uploadRom(rom: Uint8Array, title: string): Promise<string> {
  const form = new FormData()
  const fileName = `${title.replace(/[^\w.-]+/g, '-') || 'compiled-game'}.nes`
  form.append(
    'romFile',
    new File([rom as BlobPart], fileName, { type: 'application/octet-stream' }),
  )
  form.append('title', title)
  const res = await apiRequest('POST', LIBRARY_PATH, form)
  const body = (await res.json()) as { rom?: { title?: string } }
  return body.rom?.title ?? title
}

export function AddToLibraryDialog({ rom, defaultTitle, onDone }: AddToLibraryDialogProps) {
  const [title, setTitle] = useState(defaultTitle)
  const [isUploading, setIsUploading] = useState(false)
  const queryClient = useQueryClient()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setIsUploading(true)
    try {
      const saved = await uploadRom(rom, title.trim() || defaultTitle)
      await announceLibraryChange(queryClient)
      toast({ title: 'Upload Successful', description: `${saved} has been added to the library.` })
      onDone()
    } catch (error) {
      const isDuplicate = error instanceof ApiError && error.code === 'DuplicateRom'
      toast({
        title: 'Upload Failed',
        description: isDuplicate
          ? 'This ROM is already in the library.'
          : 'An error occurred while uploading the ROM file.',
        variant: 'destructive',
      })
    } finally {
      setIsUploading(false)
    }
  }

  return (
    <form className="studio-dialog" aria-label="Add to library" onSubmit={(e) => void submit(e)}>
      <label className="studio-dialog__label" htmlFor="studio-rom-title">
        ROM Title
      </label>
      <input
        id="studio-rom-title"
        className="studio-input"
        value={title}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={isUploading}>
        {isUploading ? 'Uploading...' : 'Upload ROM'}
      </button>
      <button type="button" className="btn btn--ghost" onClick={onDone} disabled={isUploading}>
        Cancel
      </button>
    </form>
  )
}
