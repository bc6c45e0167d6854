import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFile, createMainFile } from '../project/project-files'
import { MAIN_TEMPLATE } from '../project/templates'
import { FileTabs, NewFileForm } from './file-tabs'

afterEach(cleanup)

describe('FileTabs', () => {
  const files = [
    createMainFile('main.asm', MAIN_TEMPLATE),
    createFile('tiles.chr'),
    createFile('buttons.asm'),
  ]

  it('gives every file but main.asm a close control and .chr files a CHR badge', () => {
    const onClose = vi.fn()
    render(
      <FileTabs
        files={files}
        activeId={files[0]!.id}
        errorFiles={new Set()}
        onSelect={() => {}}
        onClose={onClose}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Close main.asm' })).toBeNull()
    expect(screen.getByRole('tab', { name: /tiles\.chr/ }).textContent).toBe('tiles.chrCHR')
    expect(screen.getByRole('tab', { name: /buttons\.asm/ }).textContent).toBe('buttons.asm')
    fireEvent.click(screen.getByRole('button', { name: 'Close tiles.chr' }))
    expect(onClose).toHaveBeenCalledWith(files[1])
    expect(screen.getByRole('tab', { name: /main\.asm/ }).getAttribute('aria-selected')).toBe(
      'true',
    )
  })

  it('marks files with errors without changing their names', () => {
    render(
      <FileTabs
        files={files}
        activeId={files[0]!.id}
        errorFiles={new Set(['buttons.asm'])}
        onSelect={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('tab', { name: 'buttons.asm (has errors)' })).toBeDefined()
  })
})

describe('NewFileForm', () => {
  it('adds on Enter, clears the field, and shows a refusal', () => {
    const onAdd = vi.fn((name: string) => (name.trim() === '' ? 'Enter a file name.' : undefined))
    render(<NewFileForm onAdd={onAdd} />)
    const field = screen.getByPlaceholderText('New file name...') as HTMLInputElement
    fireEvent.change(field, { target: { value: 'a.asm' } })
    fireEvent.submit(field.form!)
    expect(onAdd).toHaveBeenCalledWith('a.asm')
    expect(field.value).toBe('')
    fireEvent.change(field, { target: { value: '  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add file' }))
    expect(screen.getByRole('alert').textContent).toBe('Enter a file name.')
  })
})
