// Covers of library games: the first time a library game has run for COVER_AFTER_MS, its picture
// becomes the entry's cover when the entry has none (the server keeps one it has: If-None-Match: *),
// and "use this picture as cover" replaces the cover with the picture on screen now. The library's
// lists refetch after either, so the new cover shows. Best effort: a capture that fails (a paused game,
// a write-protected library) leaves the game playing.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import type { EmulatorHost } from '../../../emulator/types'
import { announceLibraryChange } from '../../../lib/library-changes'
import { putCover } from '../cover/cover-api'
import { encodeCover } from '../cover/cover-image'

/** How long a library game runs before its picture is taken as its cover. */
export const COVER_AFTER_MS = 5000

/** Longest wait for the emulator's picture (it does not come while the game is paused). */
const SCREENSHOT_TIMEOUT_MS = 2000

// Entries whose automatic cover this page has tried: one try per game per visit.
const triedThisPage = new Set<string>()

export interface CoverNote {
  text: string
  isError: boolean
}

export interface CoverControl {
  /** A library game runs: "use this picture as cover" can be offered. */
  canUse: boolean
  isSaving: boolean
  /** How the last "use this picture" ended. */
  note: CoverNote | undefined
  takeThisPicture(): Promise<void>
}

async function captureCover(host: EmulatorHost): Promise<Blob> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error('The game’s picture did not come (is it paused?).')),
      SCREENSHOT_TIMEOUT_MS,
    ),
  )
  return encodeCover(await Promise.race([host.screenshot(), timeout]))
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function useCover(
  host: EmulatorHost | undefined,
  romId: string | undefined,
  isRunning: boolean,
): CoverControl {
  const queryClient = useQueryClient()
  const [isSaving, setIsSaving] = useState(false)
  const [note, setNote] = useState<CoverNote>()

  useEffect(() => setNote(undefined), [romId])
  useEffect(() => {
    if (!host || !romId || !isRunning || triedThisPage.has(romId)) return
    const timer = setTimeout(() => {
      triedThisPage.add(romId)
      captureCover(host)
        .then((image) => putCover(romId, image, { onlyIfNone: true }))
        .then((cover) => (cover ? announceLibraryChange(queryClient) : undefined))
        .catch((error: unknown) => console.info(`No cover kept: ${describe(error)}`))
    }, COVER_AFTER_MS)
    return () => clearTimeout(timer)
  }, [host, romId, isRunning, queryClient])

  const takeThisPicture = useCallback(async () => {
    if (!host || !romId) return
    setIsSaving(true)
    try {
      await putCover(romId, await captureCover(host), { onlyIfNone: false })
      triedThisPage.add(romId)
      setNote({ text: 'This picture is the game’s cover now.', isError: false })
      await announceLibraryChange(queryClient)
    } catch (error) {
      setNote({ text: `The cover was not saved: ${describe(error)}`, isError: true })
    } finally {
      setIsSaving(false)
    }
  }, [host, romId, queryClient])

  return { canUse: Boolean(host && romId && isRunning), isSaving, note, takeThisPicture }
}
