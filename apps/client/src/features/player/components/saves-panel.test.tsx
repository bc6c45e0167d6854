import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavesUi } from '../hooks/use-saves'
import type { BatteryConflict } from '../saves/saves'
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
    dismissResume: vi.fn(),
    resolveConflict: vi.fn(() => Promise.resolve()),
  }
}

function renderPanel(ui: SavesUi, problem: string | undefined, conflict?: BatteryConflict) {
  const client = new QueryClient()
  client.setQueryData(['/api/unlock'], { required: false, unlocked: false })
  render(
    <QueryClientProvider client={client}>
      <SavesPanel ui={ui} where="server" problem={problem} conflict={conflict} />
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

describe('SavesPanel battery save conflict', () => {
  it('asks which save to keep, says when each was made, and hands the choice on', () => {
    const ui = fakeUi(undefined)
    const keptAt = Date.parse('2026-11-26T09:00:00.000Z')
    renderPanel(ui, undefined, { keptAt, library: '2026-11-26T10:00:00.000Z' })
    const notice = screen.getByRole('group', { name: 'Which battery save to keep?' })
    expect(notice.textContent).toContain(new Date(keptAt).toLocaleString())
    expect(notice.textContent).toContain(
      `a newer one, saved ${new Date('2026-11-26T10:00:00.000Z').toLocaleString()}`,
    )
    fireEvent.click(screen.getByRole('button', { name: "USE THIS BROWSER'S SAVE" }))
    fireEvent.click(screen.getByRole('button', { name: "KEEP THE LIBRARY'S SAVE" }))
    expect(ui.resolveConflict).toHaveBeenNthCalledWith(1, 'browser')
    expect(ui.resolveConflict).toHaveBeenNthCalledWith(2, 'library')
  })

  it('shows nothing without a conflict', () => {
    renderPanel(fakeUi(undefined), undefined)
    expect(screen.queryByRole('group', { name: 'Which battery save to keep?' })).toBeNull()
  })
})
