import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AppShell } from './app-shell'

afterEach(cleanup)

function renderAt(path: string) {
  const page = () => <p>page</p>
  const router = createMemoryRouter(
    [
      {
        Component: AppShell,
        children: [
          { path: '/', Component: page },
          { path: '/play/:romId', Component: page },
          { path: '/editor', Component: page },
          { path: '*', Component: page },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
}

const link = (name: string) => screen.getByRole('link', { name })

describe('AppShell navigation', () => {
  it.each(['/', '/play/abc123'])('marks PLAYER as the current page on %s', (path) => {
    renderAt(path)
    expect(link('PLAYER').getAttribute('aria-current')).toBe('page')
    expect(link('PLAYER').classList.contains('active')).toBe(true)
    expect(link('STUDIO').getAttribute('aria-current')).toBeNull()
  })

  it.each(['/editor', '/nowhere', '/player'])('marks PLAYER as not current on %s', (path) => {
    renderAt(path)
    expect(link('PLAYER').getAttribute('aria-current')).toBeNull()
    expect(link('PLAYER').classList.contains('active')).toBe(false)
  })

  it('marks STUDIO on /editor', () => {
    renderAt('/editor')
    expect(link('STUDIO').getAttribute('aria-current')).toBe('page')
  })
})
