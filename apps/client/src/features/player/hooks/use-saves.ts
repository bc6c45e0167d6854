// The Saves panel's behaviour for the running game: list its states, save (into a new slot or the quick
// slot), load, delete, download a state file and load one from disk, copy a link to a moment, and offer
// to continue where this browser left off when the game starts (an offer in the Saves panel: the game does
// not wait for an answer). Every problem becomes a message; the game keeps running.
import { EMULATORJS_VERSION } from '@nes-studio/shared/emulator-assets'
import { SAVE_STATE_CORE } from '@nes-studio/shared/save-constants'
import { useCallback, useEffect, useState } from 'react'
import type { EmulatorHost } from '../../../emulator/types'
import { readStateFile, stateFileProblem, writeStateFile } from '../lib/state-file'
import type { SaveSession } from '../saves/save-session'
import type { StoredState } from '../saves/saves'

export const QUICK_SLOT = 'Quick'

export interface SavesMessage {
  text: string
  isError: boolean
}

export interface SavesUi {
  states: StoredState[]
  isBusy: boolean
  message: SavesMessage | undefined
  /** Where this browser left off in the game, offered as Continue while it plays on. */
  resumeOffer: StoredState | undefined
  save(slot?: string): Promise<void>
  quickLoad(): Promise<void>
  load(state: StoredState): Promise<void>
  remove(state: StoredState): Promise<void>
  download(state: StoredState): Promise<void>
  loadFile(file: File): Promise<void>
  copyLink(state?: StoredState): Promise<void>
  continueResume(): Promise<void>
  /** Drops the offer: the game goes on from where it is. */
  dismissResume(): void
  /** Settles a battery save conflict (see SaveSession.resolveBatteryConflict). */
  resolveConflict(keep: 'browser' | 'library'): Promise<void>
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** PNG of the current frame for a thumbnail; none when the frame does not come (a paused game). */
async function thumbnail(host: EmulatorHost): Promise<Uint8Array | null> {
  const shot = host.screenshot().then(async (blob) => new Uint8Array(await blob.arrayBuffer()))
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 700))
  return Promise.race([shot.catch(() => null), timeout])
}

/** The next free "Slot N" name. */
export function nextSlotName(states: readonly StoredState[]): string {
  const used = new Set(states.map((s) => s.slot))
  let n = 1
  while (used.has(`Slot ${n}`)) n += 1
  return `Slot ${n}`
}

function saveBytes(bytes: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)]))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** `refuse(what)` is true (and says why) while loading a state is off (online play). */
export function useSaves(
  host: EmulatorHost | undefined,
  session: SaveSession | undefined,
  takePendingStateId: () => string | undefined,
  refuse: (what: string) => boolean = () => false,
): SavesUi {
  const [states, setStates] = useState<StoredState[]>([])
  const [isBusy, setIsBusy] = useState(false)
  const [message, setMessage] = useState<SavesMessage>()
  const [resumeOffer, setResumeOffer] = useState<StoredState>()

  const say = (text: string, isError = false) => setMessage({ text, isError })

  /** Runs one action at a time; its failure becomes the message. */
  const run = useCallback(async (action: () => Promise<string | undefined>) => {
    setIsBusy(true)
    try {
      const done = await action()
      if (done) say(done)
    } catch (error) {
      say(describe(error), true)
    } finally {
      setIsBusy(false)
    }
  }, [])

  const refresh = useCallback(async () => {
    if (!session) return []
    const list = await session.saves.listStates()
    setStates(list)
    return list
  }, [session])

  const applyState = useCallback(
    async (state: StoredState) => {
      if (!host || !session) throw new Error('No game is running.')
      await host.loadState(await session.saves.stateBytes(state))
    },
    [host, session],
  )

  // A new game: list its states, then load a shared moment or offer to continue.
  useEffect(() => {
    setStates([])
    setResumeOffer(undefined)
    setMessage(undefined)
    if (!session || !host) return
    let isCurrent = true
    const wanted = takePendingStateId()
    void run(async () => {
      const list = await refresh()
      if (!isCurrent) return undefined
      if (wanted) {
        const shared = list.find((s) => s.id === wanted)
        if (!shared)
          throw new Error('That saved moment no longer exists: the game starts from the beginning.')
        await applyState(shared)
        return 'Loaded the shared moment.'
      }
      // Only this browser's own: a library game's resume state on the server (kept there before) is
      // another visitor's, listed like any state but never offered.
      const isMine = (s: StoredState) => session.saves.where === 'browser' || s.inThisBrowser
      setResumeOffer(list.find((s) => s.kind === 'resume' && isMine(s)))
      return undefined
    })
    return () => {
      isCurrent = false
    }
  }, [session, host, run, refresh, applyState, takePendingStateId])

  const save = useCallback(
    (slot?: string) =>
      run(async () => {
        if (!host || !session) throw new Error('No game is running.')
        const bytes = host.saveState()
        const name = slot ?? nextSlotName(states)
        await session.saves.addState({
          bytes,
          thumbnail: await thumbnail(host),
          kind: 'manual',
          slot: name,
          coreVersion: EMULATORJS_VERSION,
        })
        await refresh()
        return `Saved to ${name}.`
      }),
    [host, session, states, run, refresh],
  )

  const load = useCallback(
    (state: StoredState) =>
      run(async () => {
        if (refuse('Loading a state')) return undefined
        setResumeOffer(undefined)
        await applyState(state)
        return `Loaded ${state.slot ?? 'the resume state'}.`
      }),
    [run, applyState, refuse],
  )

  return {
    states,
    isBusy,
    message,
    resumeOffer,
    save,
    load,
    quickLoad: () => {
      const quick = states.find((s) => s.slot === QUICK_SLOT)
      if (quick) return load(quick)
      say('There is no quick save yet: press F2 to make one.', true)
      return Promise.resolve()
    },
    remove: (state) =>
      run(async () => {
        if (!session) throw new Error('No game is running.')
        await session.saves.deleteState(state.id)
        await refresh()
        return `Deleted ${state.slot ?? 'the resume state'}.`
      }),
    download: (state) =>
      run(async () => {
        if (!session) throw new Error('No game is running.')
        const bytes = await session.saves.stateBytes(state)
        const info = {
          core: SAVE_STATE_CORE,
          coreVersion: state.coreVersion,
          romSha1: state.romSha1,
          createdAt: state.createdAt,
        }
        saveBytes(
          writeStateFile(bytes, info),
          `${(state.slot ?? 'resume').replace(/\W+/g, '-')}.nesstate`,
        )
        return undefined
      }),
    loadFile: (file) =>
      run(async () => {
        if (refuse('Loading a state')) return undefined
        if (!host || !session) throw new Error('No game is running.')
        const read = readStateFile(new Uint8Array(await file.arrayBuffer()))
        if (!read.ok) throw new Error(read.message)
        const problem = stateFileProblem(read.info, {
          romSha1: session.sha1,
          coreVersion: EMULATORJS_VERSION,
        })
        if (problem) throw new Error(problem)
        setResumeOffer(undefined)
        await host.loadState(read.state)
        return `Loaded ${file.name}.`
      }),
    copyLink: (state) =>
      run(async () => {
        const url = session?.saves.shareUrl(state?.id)
        if (!url) throw new Error('Only games from the library have links.')
        try {
          await navigator.clipboard.writeText(url)
          return `Link copied: ${url}`
        } catch {
          return `Copy this link: ${url}`
        }
      }),
    continueResume: async () => {
      const offer = resumeOffer
      if (offer) await load(offer)
    },
    dismissResume: () => setResumeOffer(undefined),
    resolveConflict: (keep) =>
      run(async () => {
        if (!session) throw new Error('No game is running.')
        return session.resolveBatteryConflict(keep)
      }),
  }
}
