// The page renderer the server loads (built by `vite build --config vite.ssr.config.ts` to
// dist-ssr/entry-server.mjs; contract in @nes-studio/shared/page-render). It renders / and /play/:romId
// with the library's first page, so the browser shows the console and the library rows, and the slot
// takes a cartridge, before the app's script has run; main.tsx then hydrates the same tree.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { PageRenderInput } from '@nes-studio/shared/page-render'
import { injectPage } from './app/page-data'
import { AppProviders } from './app/providers'
import { homeRoutes, shellRoute } from './app/routes'
import { seedFirstRomPage } from './features/library/api/get-rom-pages'
import { createQueryClient } from './lib/query-client'

const handler = createStaticHandler([shellRoute(homeRoutes)])

export async function renderPage(
  template: string,
  input: PageRenderInput,
): Promise<string | undefined> {
  const context = await handler.query(new Request(new URL(input.url, 'http://localhost')))
  // Anything but a plain match (another page, a redirect) is left to the browser.
  if (context instanceof Response || context.statusCode !== 200) return undefined
  const router = createStaticRouter(handler.dataRoutes, context)
  const client = createQueryClient()
  seedFirstRomPage(client, input.firstRomPage)
  // The same tree as main.tsx, minus its hydration marker (a component without markup).
  const markup = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
  client.clear()
  return injectPage(template, markup, { firstRomPage: input.firstRomPage })
}
