// Routes: / (player + library), /play/:romId (the same, starting a library game), /editor (studio, loaded on demand so / stays small), * (not found).
import { createBrowserRouter } from 'react-router'
import { AppShell } from './app-shell'
import { HomeRoute } from './routes/home-route'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

export const router = createBrowserRouter([
  {
    Component: AppShell,
    children: [
      { path: '/', Component: HomeRoute, ErrorBoundary: RouteError },
      { path: '/play/:romId', Component: HomeRoute, ErrorBoundary: RouteError },
      {
        path: '/editor',
        ErrorBoundary: RouteError,
        lazy: async () => {
          const module = await import('../features/studio/studio-page')
          return { Component: module.default }
        },
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
])
