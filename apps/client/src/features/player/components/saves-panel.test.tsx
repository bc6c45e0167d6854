import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavesUi } from '../hooks/use-saves'
import { SavesPanel } from './saves-panel'

afterEach(cleanup)

const GONE = 'That ROM is not in the library (it may have been deleted).'

function fakeUi(message: SavesUi['message']): SavesUi {
  const nothing = vi.fn(async () => undefined)
  return {
    states: [],
    isBusy: false,
    message,
    resumeOffer: undefined,
    save: nothing,
    quickLoad: nothing,
    load: nothing,
    remove: nothing,
    download: nothing,
    loadFile: nothing,
    copyLink: nothing,
    continueResume: nothing,
    startFresh: vi.fn(),
  }
}

function renderPanel(ui: SavesUi, problem: string | undefined) {
  const client = new QueryClient()
  client.setQueryData(['/api/unlock'], { required: false, unlocked: false })
  render(
    <QueryClientProvider client={client}>
      <SavesPanel ui={ui} where="server" problem={problem} />
    </QueryClientProvider>,
  )
}

describe('SavesPanel messages', () => {
  it('says a save that failed for the battery-save problem once', () => {
    renderPanel(fakeUi({ text: GONE, isError: true }), GONE)
    expect(screen.getAllByText(GONE)).toHaveLength(1)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('shows a different message beside the problem', () => {
    renderPanel(fakeUi({ text: 'State saved.', isError: false }), GONE)
    expect(screen.getByRole('alert').textContent).toBe(GONE)
    expect(screen.getByRole('status').textContent).toBe('State saved.')
  })
})
