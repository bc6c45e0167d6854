import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StudioToolbar } from './studio-toolbar'

afterEach(cleanup)

function renderToolbar(withBuildScript: boolean) {
  const handlers = {
    onCompile: vi.fn(),
    onDownload: vi.fn(),
    onDownloadLabels: vi.fn(),
    onAddToLibrary: vi.fn(),
    onImport: vi.fn(),
    onExport: vi.fn(),
    onNewProject: vi.fn(),
    onWriteBuildScript: withBuildScript ? vi.fn() : undefined,
  }
  render(<StudioToolbar isCompiling={false} hasRom={true} {...handlers} />)
  return handlers
}

describe('StudioToolbar', () => {
  it('groups Import and Export under one Zip label and keeps their names', () => {
    const handlers = renderToolbar(false)
    const zip = screen.getByRole('group', { name: 'Zip' })
    expect(zip.textContent).toBe('ZipImportExport')
    fireEvent.click(within(zip).getByRole('button', { name: 'Export .zip' }))
    expect(handlers.onExport).toHaveBeenCalledOnce()
    const file = new File([new Uint8Array([1])], 'game.zip')
    fireEvent.change(screen.getByTestId('import-zip'), { target: { files: [file] } })
    expect(handlers.onImport).toHaveBeenCalledWith(file)
    expect(within(zip).getByRole('button', { name: 'Import .zip' })).toBeDefined()
  })

  it('shows "+ build.sh" (Write build.sh) only when the project can write one', () => {
    renderToolbar(false)
    expect(screen.queryByRole('button', { name: 'Write build.sh' })).toBeNull()
    cleanup()
    const handlers = renderToolbar(true)
    const button = screen.getByRole('button', { name: 'Write build.sh' })
    expect(button.textContent).toBe('+ build.sh')
    fireEvent.click(button)
    expect(handlers.onWriteBuildScript).toHaveBeenCalledOnce()
  })
})
