import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBox } from './error-box'

afterEach(cleanup)

describe('ErrorBox', () => {
  it('shows the title, message, each diagnostic (clickable), compiler messages and listing', () => {
    const onJump = vi.fn()
    const d = {
      severity: 'error' as const,
      message: 'Unknown instruction',
      file: 'a.asm',
      line: 3,
      column: 5,
      length: 4,
    }
    render(
      <ErrorBox
        error={{
          message: 'Compilation failed: a.asm:3:5: error: Unknown instruction',
          diagnostics: [d],
          stdout: 'pass 1',
          listing: 'LISTING',
        }}
        onJump={onJump}
      />,
    )
    expect(screen.getByRole('heading').textContent).toBe('Compilation Error:')
    expect(
      screen.getByText('Compilation failed: a.asm:3:5: error: Unknown instruction'),
    ).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: /a\.asm:3:5/ }))
    expect(onJump).toHaveBeenCalledWith(d)
    expect(screen.getByText('pass 1')).toBeDefined()
    expect(screen.getByText('LISTING')).toBeDefined()
  })
})
