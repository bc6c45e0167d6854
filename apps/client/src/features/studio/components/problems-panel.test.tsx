import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import { ProblemCounts, ProblemsPanel } from './problems-panel'

afterEach(cleanup)

const warning: StudioDiagnostic = {
  severity: 'warning',
  code: 'AbsoluteForZeroPage',
  message: "'counter' is below $100 but is assembled as absolute",
  file: 'main.asm',
  line: 5,
  column: 7,
  length: 7,
}
const error: StudioDiagnostic = {
  severity: 'error',
  code: 'UndefinedSymbol',
  message: 'Undefined symbol in operand field',
  file: 'src/player.asm',
  line: 12,
  column: 3,
  length: 4,
}

describe('ProblemsPanel', () => {
  it('lists errors and warnings with code and place, filters them, and jumps on click', () => {
    const onJump = vi.fn()
    render(<ProblemsPanel diagnostics={[warning, error]} onJump={onJump} />)
    const items = () => screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items()).toEqual([
      'errorsrc/player.asm:12:3UndefinedSymbolUndefined symbol in operand field',
      "warningmain.asm:5:7AbsoluteForZeroPage'counter' is below $100 but is assembled as absolute",
    ])
    fireEvent.click(screen.getByRole('button', { name: /main\.asm:5:7/ }))
    expect(onJump).toHaveBeenCalledWith(warning)

    fireEvent.click(screen.getByRole('checkbox', { name: 'Errors (1)' }))
    expect(items()).toHaveLength(1)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Errors (1)' }))
    fireEvent.change(screen.getByLabelText('Filter problems'), { target: { value: 'undefined' } })
    expect(items()).toEqual([expect.stringContaining('src/player.asm:12:3')])
    fireEvent.change(screen.getByLabelText('Filter problems'), { target: { value: 'zzz' } })
    expect(screen.getByText('No problem matches the filter.')).toBeDefined()
  })

  it('says so when there are no problems', () => {
    render(<ProblemsPanel diagnostics={[]} onJump={() => {}} />)
    expect(screen.getByText('No problems found.')).toBeDefined()
  })
})

describe('ProblemCounts', () => {
  it('names the counts for screen readers and shows the numbers', () => {
    render(<ProblemCounts diagnostics={[warning, error, { ...error, line: 13 }]} />)
    const counts = screen.getByTestId('problem-counts')
    expect(counts.getAttribute('aria-label')).toBe('2 errors, 1 warning')
    expect(counts.textContent).toBe('21')
  })
})
