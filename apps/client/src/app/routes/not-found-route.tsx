// Screen for any path the router does not know.
export function NotFoundRoute() {
  return (
    <main className="not-found">
      <div className="not-found__card" role="alert">
        <svg
          className="not-found__icon"
          viewBox="0 0 24 24"
          width="32"
          height="32"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <line x1="12" y1="7" x2="12" y2="13" />
          <line x1="12" y1="16.5" x2="12" y2="17" />
        </svg>
        <h1 className="not-found__title">404 Page Not Found</h1>
        <p className="not-found__text">Did you forget to add the page to the router?</p>
      </div>
    </main>
  )
}
