import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useFileDrop } from './use-file-drop'

function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { isDragging, dropProps } = useFileDrop(onFile)
  return (
    <div data-testid="zone" data-dragging={isDragging} {...dropProps}>
      drop here
    </div>
  )
}

afterEach(cleanup)

const transfer = (files: File[]) => ({ files, dropEffect: 'none' })

describe('useFileDrop', () => {
  it('marks a drag over the zone, clears it on leave, and hands over the first dropped file', () => {
    const onFile = vi.fn()
    render(<DropZone onFile={onFile} />)
    const zone = screen.getByTestId('zone')
    const first = new File([new Uint8Array(4)], 'a.nes')
    fireEvent.dragOver(zone, { dataTransfer: transfer([]) })
    expect(zone.dataset.dragging).toBe('true')
    fireEvent.dragLeave(zone)
    expect(zone.dataset.dragging).toBe('false')
    fireEvent.dragOver(zone, { dataTransfer: transfer([]) })
    fireEvent.drop(zone, { dataTransfer: transfer([first, new File([], 'b.nes')]) })
    expect(zone.dataset.dragging).toBe('false')
    expect(onFile).toHaveBeenCalledExactlyOnceWith(first)
  })

  it('ignores a drop that carries no file', () => {
    const onFile = vi.fn()
    render(<DropZone onFile={onFile} />)
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: transfer([]) })
    expect(onFile).not.toHaveBeenCalled()
  })
})
