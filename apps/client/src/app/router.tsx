// Routes: / (player + library), /play/:romId (the same, starting a library game), /editor (studio, loaded on demand so / stays small), * (not found).
import { createBrowserRouter } from 'react-router'
import { homeRoutes, shellRoute } from './routes'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

export const router = createBrowserRouter([
  shellRoute([
    ...homeRoutes,
    {
      path: '/editor',
      ErrorBoundary: RouteError,
      lazy: async () => {
        const module = await import('../features/studio/studio-page')
        return { Component: module.default }
      },
    },
    { path: '*', Component: NotFoundRoute },
  ]),
])
