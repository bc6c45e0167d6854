import '@fontsource/press-start-2p/latin-400.css'
import './styles/global.css'
import { StrictMode, useEffect } from 'react'
import type { ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { PRERENDERED_ATTRIBUTE, readPageData } from './app/page-data'
import { AppProviders } from './app/providers'
import { router } from './app/router'
import { registerOfflineSupport } from './app/offline'
import { prefetchFirstRomPage, seedFirstRomPage } from './features/library/api/get-rom-pages'
import { sendKeptServerSaves } from './features/player/saves/server-saves'
import { followLibraryChanges } from './lib/library-changes'
import { queryClient } from './lib/query-client'

const root = document.getElementById('root')
if (!root) throw new Error('Root element #root not found')

registerOfflineSupport()
// Saves of library games this browser kept while the server was out of reach go to the library now,
// without waiting for their game to be loaded again (nothing to do, and no request, when none are kept).
sendKeptServerSaves()
// A ROM added, deleted or restored in another tab of the site shows in this page's lists.
followLibraryChanges(queryClient)

/** Marks the page as the app's once the first render (or hydration) has committed. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => root?.removeAttribute(PRERENDERED_ATTRIBUTE), [])
  return children
}

const app = (
  <StrictMode>
    <Hydrated>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </Hydrated>
  </StrictMode>
)

// A page the server rendered (/ and /play/:romId on a first visit) carries its markup and the data it
// was made from: React takes the markup over. Otherwise (another page, or the offline shell the service
// worker serves) the app renders from scratch, and the library's first page is asked for at once.
const pageData = root.hasAttribute(PRERENDERED_ATTRIBUTE) ? readPageData(document) : undefined
if (pageData) {
  seedFirstRomPage(queryClient, pageData.firstRomPage)
  // hydrateRoot schedules its work (React renders the whole tree once) in later tasks, so the browser can
  // paint the server's markup first; waiting for a painted frame before calling it measured no better.
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.error('Hydration:', error),
  })
} else {
  root.removeAttribute(PRERENDERED_ATTRIBUTE)
  root.replaceChildren()
  prefetchFirstRomPage(queryClient)
  createRoot(root).render(app)
}
