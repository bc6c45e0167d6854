// 'ROM Library' panel: the server's list a page at a time, searched on the server, in a virtualised
// list, with Refresh, load (hands the file to the player) and delete with Undo.
import { useEffect, useMemo, useState } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { ToastAction } from '../../../components/ui/toast'
import { toast } from '../../../components/ui/use-toast'
import { UNDO_DELETE_MS, useDeleteRom } from '../api/delete-rom'
import { useRomFile } from '../api/get-rom-file'
import { DEFAULT_VIEW, isDefaultView, useRomPages } from '../api/get-rom-pages'
import type { RomListView } from '../api/get-rom-pages'
import { useMarkPlayed } from '../api/mark-played'
import { useRestoreRom } from '../api/restore-rom'
import { useUpdateRom } from '../api/update-rom'
import { serverMessage } from '../../../lib/server-message'
import { UnlockForm } from '../../../components/unlock-form'
import { LibraryViewControls } from './library-view-controls'
import { VirtualRomList } from './virtual-rom-list'
import '../library.css'

export interface RomLibraryProps {
  /**
   * Called with the ROM as a File named after the entry's fileName, and the entry (its saves and states
   * live on the server under its id); the player takes it and starts it.
   */
  onLoadRom: (file: File, rom: RomEntry) => void
}

const SEARCH_DELAY_MS = 250

const errorToast = (description: string) =>
  toast({ title: 'Error', description, variant: 'destructive' })

/** `value` once it has stopped changing for `delayMs`: one search request per pause in typing. */
function useSettledValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

export function RomLibrary({ onLoadRom }: RomLibraryProps) {
  const [search, setSearch] = useState('')
  const query = useSettledValue(search.trim(), SEARCH_DELAY_MS)
  const [view, setView] = useState<RomListView>(DEFAULT_VIEW)
  const pages = useRomPages(query, view)
  const markPlayed = useMarkPlayed()
  const romFile = useRomFile()
  const deleteRom = useDeleteRom()
  const restoreRom = useRestoreRom()
  const updateRom = useUpdateRom()
  const roms = useMemo(() => pages.data?.pages.flatMap((page) => page.roms) ?? [], [pages.data])
  const total = pages.data?.pages[0]?.total ?? 0
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = pages

  useEffect(() => {
    if (pages.isError) errorToast('Failed to load ROM library. Please try again.')
  }, [pages.isError, pages.errorUpdatedAt])

  const load = (rom: RomEntry) =>
    romFile.mutate(rom, {
      onSuccess: (file) => {
        onLoadRom(file, rom)
        markPlayed.mutate(rom.id)
        toast({ title: 'ROM Loaded', description: `${file.name} has been loaded successfully.` })
      },
      onError: () => errorToast('Failed to load ROM. Please try again.'),
    })

  const undoDelete = (rom: RomEntry) =>
    restoreRom.mutate(rom.id, {
      onSuccess: (back) =>
        toast({ title: 'ROM Restored', description: `${back.title} is back in the library.` }),
      onError: (error) =>
        errorToast(
          serverMessage(error) ??
            (navigator.onLine
              ? 'Failed to undo the delete. Please try again.'
              : 'You are offline: the delete could not be undone.'),
        ),
    })

  // No confirmation: the row goes at once, and the toast's Undo brings it back within the window.
  const remove = (rom: RomEntry) =>
    deleteRom.mutate(rom.id, {
      onSuccess: () =>
        toast({
          title: 'ROM Deleted',
          description: 'The ROM file has been removed from the library.',
          duration: UNDO_DELETE_MS,
          action: (
            <ToastAction altText={`Undo: restore ${rom.title}`} onClick={() => undoDelete(rom)}>
              Undo
            </ToastAction>
          ),
        }),
      onError: () => errorToast('Failed to delete ROM. Please try again.'),
    })

  const rename = (rom: RomEntry, title: string, done: () => void) =>
    updateRom.mutate(
      { id: rom.id, change: { title } },
      {
        onSuccess: (renamed) => {
          done()
          toast({ title: 'ROM Renamed', description: `${rom.title} is now ${renamed.title}.` })
        },
        onError: (error) => errorToast(serverMessage(error) ?? 'Failed to rename the ROM.'),
      },
    )

  const setCorrectedHeader = (rom: RomEntry, use: boolean) =>
    updateRom.mutate(
      { id: rom.id, change: { useCorrectedHeader: use } },
      { onError: (error) => errorToast(serverMessage(error) ?? 'Failed to change the ROM.') },
    )

  const needMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }
  const isFiltered = !isDefaultView(view)
  const isEmptyLibrary = total === 0 && query === '' && search.trim() === '' && !isFiltered

  return (
    <section className="panel library" aria-labelledby="rom-library-title">
      <div className="library__head">
        <h2 id="rom-library-title" className="panel__title">
          ROM Library
        </h2>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void pages.refetch()}
          disabled={pages.isFetching}
        >
          Refresh
        </button>
      </div>
      <UnlockForm purpose="to upload or delete" />
      {pages.isPending ? (
        <p className="library__status">Loading ROMs...</p>
      ) : pages.data === undefined ? (
        // Only when there is no list to show: a Refresh that fails keeps the last one (and toasts).
        <p className="library__status">Failed to load ROM library. Please try again.</p>
      ) : isEmptyLibrary ? (
        <div className="library__empty">
          <p className="library__status">No ROMs available in library</p>
          <p className="library__hint">Upload a ROM file to get started</p>
        </div>
      ) : (
        <>
          <input
            type="search"
            className="library-input library__search"
            aria-label="Search the library"
            placeholder={query === '' ? `Search ${total} ROMs` : 'Search titles'}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <LibraryViewControls view={view} onChange={setView} />
          {total === 0 ? (
            <p className="library__status">
              {isFiltered ? 'No ROM matches these filters' : `No ROM title contains “${query}”`}
            </p>
          ) : (
            <VirtualRomList
              roms={roms}
              total={total}
              loadingId={romFile.isPending ? romFile.variables?.id : undefined}
              deletingId={deleteRom.isPending ? deleteRom.variables : undefined}
              savingId={updateRom.isPending ? updateRom.variables.id : undefined}
              onLoad={load}
              onDelete={remove}
              onRename={rename}
              onUseCorrectedHeader={setCorrectedHeader}
              onNeedMore={needMore}
            />
          )}
        </>
      )}
    </section>
  )
}
