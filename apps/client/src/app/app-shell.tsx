// Page chrome shared by every route: title bar with navigation, then the route's screen.
import { Link, NavLink, Outlet, useMatch } from 'react-router'

/** PLAYER is the current page on / and on /play/:romId (the player starting a library game). */
function PlayerLink() {
  const isHome = useMatch({ path: '/', end: true }) !== null
  const isPlaying = useMatch({ path: '/play/*' }) !== null
  const isActive = isHome || isPlaying
  return (
    <Link
      to="/"
      className={`app-header__link${isActive ? ' active' : ''}`}
      aria-current={isActive ? 'page' : undefined}
    >
      PLAYER
    </Link>
  )
}

export function AppShell() {
  return (
    <div className="app">
      <header className="app-header">
        <NavLink to="/" className="app-header__logo" aria-label="NES Studio home">
          <span className="app-header__logo-mark" aria-hidden="true" />
          NES STUDIO
        </NavLink>
        <nav className="app-header__nav" aria-label="Main">
          <PlayerLink />
          <NavLink to="/editor" className="app-header__link">
            STUDIO
          </NavLink>
        </nav>
      </header>
      <Outlet />
    </div>
  )
}
