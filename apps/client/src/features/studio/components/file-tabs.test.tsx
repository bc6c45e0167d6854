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

describe('FileTabs with many files', () => {
  it('scrolls the active tab into view when another file becomes active', () => {
    const many = [createMainFile('main.asm', MAIN_TEMPLATE)].concat(
      Array.from({ length: 20 }, (_, i) => createFile(`part${i}.asm`)),
    )
    const scrolled: string[] = []
    // jsdom has no scrollIntoView: record which tab asks for it
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this.textContent ?? '')
      },
    })
    const props = {
      files: many,
      errorFiles: new Set<string>(),
      onSelect: () => {},
      onClose: () => {},
    }
    const { rerender } = render(<FileTabs {...props} activeId={many[20]!.id} />)
    rerender(<FileTabs {...props} activeId={many[0]!.id} />)
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView
    expect(scrolled).toEqual(['part19.asm×', 'main.asm'])
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

  it('drops a refusal when the name changes and when the field is left for something else', () => {
    render(
      <>
        <NewFileForm onAdd={() => 'A file with that name already exists.'} />
        <button type="button">elsewhere</button>
      </>,
    )
    const field = screen.getByPlaceholderText('New file name...') as HTMLInputElement
    fireEvent.change(field, { target: { value: 'main.asm' } })
    fireEvent.submit(field.form!)
    expect(screen.getByRole('alert').textContent).toBe('A file with that name already exists.')
    fireEvent.change(field, { target: { value: 'main.asmx' } })
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.submit(field.form!)
    // the add button is part of the form: moving to it keeps the problem
    fireEvent.blur(field, { relatedTarget: screen.getByRole('button', { name: 'Add file' }) })
    expect(screen.queryByRole('alert')).not.toBeNull()
    fireEvent.blur(field, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
