// Page chrome shared by every route: title bar with navigation, then the route's screen.
import { NavLink, Outlet } from 'react-router'

export function AppShell() {
  return (
    <div className="app">
      <header className="app-header">
        <NavLink to="/" className="app-header__logo" aria-label="NES Studio home">
          <span className="app-header__logo-mark" aria-hidden="true" />
          NES STUDIO
        </NavLink>
        <nav className="app-header__nav" aria-label="Main">
          <NavLink to="/" end className="app-header__link">
            PLAYER
          </NavLink>
          <NavLink to="/editor" className="app-header__link">
            STUDIO
          </NavLink>
        </nav>
      </header>
      <Outlet />
    </div>
  )
}
