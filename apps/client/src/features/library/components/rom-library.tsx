// 'ROM Library' panel: the server's list with Refresh, load (hands the file to the player) and delete.
import { useEffect } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { toast } from '../../../components/ui/use-toast'
import { useDeleteRom } from '../api/delete-rom'
import { useRomFile } from '../api/get-rom-file'
import { useRoms } from '../api/get-roms'
import { RomListItem } from './rom-list-item'
import '../library.css'

export interface RomLibraryProps {
  /**
   * Called with the ROM as a File named after the entry's fileName, and the entry (its saves and states
   * live on the server under its id); the player takes it and starts it.
   */
  onLoadRom: (file: File, rom: RomEntry) => void
}

const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' })

export function RomLibrary({ onLoadRom }: RomLibraryProps) {
  const roms = useRoms()
  const romFile = useRomFile()
  const deleteRom = useDeleteRom()

  useEffect(() => {
    if (roms.isError) errorToast('Failed to load ROM library. Please try again.')
  }, [roms.isError, roms.errorUpdatedAt])

  const load = (rom: RomEntry) =>
    romFile.mutate(rom, {
      onSuccess: (file) => {
        onLoadRom(file, rom)
        toast({ title: 'ROM Loaded', description: `${file.name} has been loaded successfully.` })
      },
      onError: () => errorToast('Failed to load ROM. Please try again.'),
    })

  const remove = (rom: RomEntry) =>
    deleteRom.mutate(rom.id, {
      onSuccess: () =>
        toast({
          title: 'ROM Deleted',
          description: 'The ROM file has been removed from the library.',
        }),
      onError: () => errorToast('Failed to delete ROM. Please try again.'),
    })

  return (
    <section className="panel library" aria-labelledby="rom-library-title">
      <div className="library__head">
        <h2 id="rom-library-title" className="panel__title">
          ROM Library
        </h2>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void roms.refetch()}
          disabled={roms.isFetching}
        >
          Refresh
        </button>
      </div>
      {roms.isPending ? (
        <p className="library__status">Loading ROMs...</p>
      ) : roms.isError ? (
        <p className="library__status">Failed to load ROM library. Please try again.</p>
      ) : roms.data.length === 0 ? (
        <div className="library__empty">
          <p className="library__status">No ROMs available in library</p>
          <p className="library__hint">Upload a ROM file to get started</p>
        </div>
      ) : (
        <ul className="library__list" data-testid="rom-list">
          {roms.data.map((rom) => (
            <RomListItem
              key={rom.id}
              rom={rom}
              isLoading={romFile.isPending && romFile.variables?.id === rom.id}
              isDeleting={deleteRom.isPending && deleteRom.variables === rom.id}
              onLoad={load}
              onDelete={remove}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
