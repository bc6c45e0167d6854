// The pages both the browser and the server render: / (player + library), /play/:romId (the same,
// starting a library game) and /room/:roomId (the same, joining an online room), inside the app shell. The browser's router (router.tsx) adds the studio
// (loaded on demand) and the not-found screen; the server's renderer (entry-server.tsx) uses these alone.
import type { RouteObject } from 'react-router'
import { AppShell } from './app-shell'
import { HomeRoute } from './routes/home-route'
import { RouteError } from './routes/route-error'

export const homeRoutes: RouteObject[] = [
  { path: '/', Component: HomeRoute, ErrorBoundary: RouteError },
  { path: '/play/:romId', Component: HomeRoute, ErrorBoundary: RouteError },
  { path: '/room/:roomId', Component: HomeRoute, ErrorBoundary: RouteError },
]

/** The shell with `children` as its pages. */
export function shellRoute(children: RouteObject[]): RouteObject {
  return { Component: AppShell, children }
}
