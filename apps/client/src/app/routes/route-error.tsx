// Per-route error boundary: a crash in one screen shows this instead of a blank page.
import { isRouteErrorResponse, useRouteError } from 'react-router'

export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error'
  return (
    <main className="route-error" role="alert">
      <h1 className="route-error__title">SOMETHING WENT WRONG</h1>
      <p className="route-error__text">{message}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        RELOAD
      </button>
    </main>
  )
}
