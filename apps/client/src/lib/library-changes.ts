// "The library changed" as one signal for every list of it in this browser: the page that made a change
// (an upload, a delete or its Undo, the studio's ADD TO LIBRARY) refetches its own lists, and every other
// tab of the site hears it through a BroadcastChannel and refetches its lists too, so no page goes on
// showing a library that is no longer there.
import type { QueryClient } from '@tanstack/react-query'

/** The library's list path: the first element of every list query's key (spec section 7). */
export const LIBRARY_PATH = '/api/roms'

const CHANNEL_NAME = 'nes-studio:library-changed'

// One channel per page: a BroadcastChannel never hears its own messages, only other tabs' (and workers').
let channel: BroadcastChannel | undefined

function libraryChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  channel ??= new BroadcastChannel(CHANNEL_NAME)
  return channel
}

/** Tells the site's other tabs that the library changed (this page keeps its own lists up to date). */
export function tellOtherTabs(): void {
  libraryChannel()?.postMessage('changed')
}

/** After a change this page made: its lists refetch, and every other tab's. */
export function announceLibraryChange(client: QueryClient): Promise<void> {
  tellOtherTabs()
  return client.invalidateQueries({ queryKey: [LIBRARY_PATH] })
}

/** Refetches this page's lists whenever another tab changed the library; returns the way to stop. */
export function followLibraryChanges(client: QueryClient): () => void {
  const source = libraryChannel()
  if (!source) return () => undefined
  const onChange = () => void client.invalidateQueries({ queryKey: [LIBRARY_PATH] })
  source.addEventListener('message', onChange)
  return () => source.removeEventListener('message', onChange)
}
