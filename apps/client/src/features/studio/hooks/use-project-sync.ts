// Keeps the studio project saved in this browser (project-db.ts: IndexedDB, plus a journal when a page goes away)
// and in step with the studio's other tabs: a tab saves only when it changed the project, so a tab that was only
// looked at never overwrites another tab's work; a saved project is announced on a BroadcastChannel, and a tab
// without unsaved edits takes it, while a tab with edits keeps both and asks which to keep.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { toast } from '../../../components/ui/use-toast'
import {
  browserProjectStorage,
  loadProject,
  saveProject,
  writeJournal,
} from '../project/project-db'
import type { ProjectStorage } from '../project/project-db'
import type { Project } from '../project/project-files'

const SAVE_DELAY_MS = 300

/** Tells the other tabs of the studio that a project was saved. */
export interface ProjectChannel {
  post(message: SavedMessage): void
  /** Calls `listener` with other tabs' messages; returns the unsubscribe. */
  subscribe(listener: (message: SavedMessage) => void): () => void
}

export interface SavedMessage {
  type: 'saved'
  savedAt: number
  tab: string
}

function isSavedMessage(value: unknown): value is SavedMessage {
  const v = value as Partial<SavedMessage> | null
  return v?.type === 'saved' && typeof v.savedAt === 'number' && typeof v.tab === 'string'
}

/** The studio's BroadcastChannel (no-op where the browser has none). */
export function broadcastChannel(name = 'nes-studio:studio-project'): ProjectChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, subscribe: () => () => undefined }
  const channel = new BroadcastChannel(name)
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        if (isSavedMessage(event.data)) listener(event.data)
      }
      channel.addEventListener('message', onMessage)
      return () => channel.removeEventListener('message', onMessage)
    },
  }
}

export interface ProjectSyncOptions {
  /** The project as this tab loaded it. */
  loaded: Project
  loadedAt: number
  /** The project right now (including an edit not rendered yet). */
  latest: RefObject<{ project: Project }>
  /** Shows another tab's project here; returns the project this tab now has. */
  adopt: (theirs: Project) => Project
  storage?: ProjectStorage
  channel?: ProjectChannel
}

let defaultChannel: ProjectChannel | undefined
const tabId = Math.random().toString(36).slice(2)

export function useProjectSync(project: Project, options: ProjectSyncOptions) {
  const storage = options.storage ?? browserProjectStorage()
  const channel = options.channel ?? (defaultChannel ??= broadcastChannel())
  const { latest } = options
  const adoptRef = useRef(options.adopt)
  adoptRef.current = options.adopt
  // What the saved project holds as far as this tab knows: the project it loaded, last saved or took from
  // another tab. This tab has unsaved edits while `latest` differs from it, and only then saves.
  const saved = useRef({ project: options.loaded, at: options.loadedAt })
  // Another tab's project that arrived while this tab had unsaved edits: neither is saved over the other until
  // the user picks one (`conflict`).
  const [otherTab, setOtherTab] = useState<Project | undefined>(undefined)
  const otherTabRef = useRef<Project | undefined>(undefined)
  const queue = useRef(Promise.resolve())
  const hasWarned = useRef(false)

  const persist = useCallback(() => {
    queue.current = queue.current.then(async () => {
      const current = latest.current.project
      if (current === saved.current.project || otherTabRef.current) return
      const at = await saveProject(storage, current)
      if (at !== undefined) {
        saved.current = { project: current, at }
        channel.post({ type: 'saved', savedAt: at, tab: tabId })
      } else if (!hasWarned.current) {
        hasWarned.current = true
        toast({
          title: 'Not Saved',
          description:
            'The browser refused to store the project (storage full?). Export it as a .zip to keep it.',
          variant: 'destructive',
        })
      }
    })
    return queue.current
  }, [latest, storage, channel])

  useEffect(() => {
    const timer = setTimeout(() => void persist(), SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [project, persist])

  // A page going away: the IndexedDB write may not finish, so unsaved edits also go to the journal at once.
  useEffect(() => {
    const onPageHide = () => {
      const current = latest.current.project
      if (current === saved.current.project || otherTabRef.current) return
      writeJournal(current)
      void persist()
    }
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      void persist()
    }
  }, [persist, latest])

  const take = useCallback((theirs: Project, at: number) => {
    otherTabRef.current = undefined
    setOtherTab(undefined)
    saved.current = { project: adoptRef.current(theirs), at }
  }, [])

  // Another tab saved: with no unsaved edits here this tab shows that project (the newest); with edits, both are
  // kept and the user is asked.
  useEffect(
    () =>
      channel.subscribe((message) => {
        if (message.tab === tabId || message.savedAt <= saved.current.at) return
        void loadProject(storage).then((loaded) => {
          if (!loaded || loaded.savedAt <= saved.current.at) return
          if (latest.current.project === saved.current.project && !otherTabRef.current) {
            take(loaded.project, loaded.savedAt)
            return
          }
          saved.current = { ...saved.current, at: loaded.savedAt }
          otherTabRef.current = loaded.project
          setOtherTab(loaded.project)
        })
      }),
    [channel, storage, latest, take],
  )

  // While both versions are kept, leaving the page would drop this tab's edits: the browser asks first.
  useEffect(() => {
    if (!otherTab) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [otherTab])

  /** Another tab's changes, waiting while this tab has unsaved edits of its own. */
  const conflict = otherTab && {
    /** Drops this tab's unsaved edits and shows the other tab's project. */
    loadOther: () => take(otherTab, saved.current.at),
    /** Saves this tab's project over the other tab's. */
    keepMine: () => {
      otherTabRef.current = undefined
      setOtherTab(undefined)
      return persist()
    },
  }
  return { conflict, persist }
}
