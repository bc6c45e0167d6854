// Routes: / (player + library), /play/:romId (the same, starting a library game), /editor (studio, loaded on demand so / stays small), * (not found).
import { createBrowserRouter } from 'react-router'
import { homeRoutes, shellRoute } from './routes'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

/** Why the studio's code did not load, in words for the error screen. */
function chunkLoadError(error: unknown): Error {
  if (!navigator.onLine)
    return new Error(
      'The studio could not be loaded: you are offline and it is not saved on this device yet. Reconnect, then reload.',
    )
  const detail = error instanceof Error ? ` (${error.message})` : ''
  return new Error(`The studio could not be loaded${detail}. Reload to try again.`)
}

export const router = createBrowserRouter([
  shellRoute([
    ...homeRoutes,
    {
      path: '/editor',
      ErrorBoundary: RouteError,
      lazy: async () => {
        try {
          const module = await import('../features/studio/studio-page')
          return { Component: module.default }
        } catch (error) {
          // A rejected lazy() leaves the outlet empty; a component that throws reaches RouteError (with RELOAD).
          const failure = chunkLoadError(error)
          return {
            Component: () => {
              throw failure
            },
          }
        }
      },
    },
    { path: '*', Component: NotFoundRoute },
  ]),
])
