import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFile, createMainFile } from '../project/project-files'
import type { Project } from '../project/project-files'
import { LARGE_FOLDER_FILES, ProjectTree } from './project-tree'
import { QuickOpen } from './quick-open'

afterEach(cleanup)

const project: Project = {
  name: 'p',
  files: [
    createMainFile('main.asm', ''),
    createFile('src/consts.asm', 'SPEED = 2\n'),
    createFile('gfx/tiles.chr'),
    { ...createFile('data/level.bin', ''), binary: Uint8Array.of(0, 1) },
    createFile('README.md', '# hi'),
  ],
}

function renderTree() {
  const callbacks = {
    onOpen: vi.fn(),
    onCreate: vi.fn((): string | undefined => undefined),
    onRename: vi.fn((): string | undefined => 'That name is already taken.'),
    onDelete: vi.fn(),
    onSetMain: vi.fn(),
    onQuickOpen: vi.fn(),
    onFind: vi.fn(),
  }
  render(<ProjectTree project={project} activeId={project.files[0]!.id} {...callbacks} />)
  return callbacks
}

const paths = () =>
  [...document.querySelectorAll('.studio-tree__name')].map((e) => e.getAttribute('data-path'))

describe('ProjectTree', () => {
  it('shows folders first with their files, badges for binary, CHR and the main file, and opens files', () => {
    const cb = renderTree()
    expect(paths()).toEqual([
      'data',
      'data/level.bin',
      'gfx',
      'gfx/tiles.chr',
      'src',
      'src/consts.asm',
      'main.asm',
      'README.md',
    ])
    expect([...document.querySelectorAll('.studio-tab__badge')].map((b) => b.textContent)).toEqual([
      'BIN',
      'CHR',
      'MAIN',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'README.md' }))
    expect(cb.onOpen).toHaveBeenCalledWith(project.files[4]!.id)
    expect(screen.queryByRole('button', { name: 'Delete main.asm' })).toBeNull()
  })

  it('puts each name in its own box (cut with an ellipsis by CSS) and the whole path in its title', () => {
    renderTree()
    const row = document.querySelector('.studio-tree__name[data-path="src/consts.asm"]')!
    expect(row.getAttribute('title')).toBe('src/consts.asm')
    expect(row.querySelector('.studio-tree__label')?.textContent).toBe('consts.asm')
  })

  it('collapses and expands a folder', () => {
    renderTree()
    fireEvent.click(screen.getByRole('button', { name: /^src$/ }))
    expect(paths()).not.toContain('src/consts.asm')
    expect(screen.getByRole('treeitem', { name: 'src' }).getAttribute('aria-expanded')).toBe(
      'false',
    )
    fireEvent.click(screen.getByRole('button', { name: /^src$/ }))
    expect(paths()).toContain('src/consts.asm')
  })

  it('asks before deleting, and keeps a refused rename open with its problem', () => {
    const cb = renderTree()
    fireEvent.click(screen.getByRole('button', { name: 'Delete src' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(cb.onDelete).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Delete src' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(cb.onDelete).toHaveBeenCalledWith('src')

    fireEvent.click(screen.getByRole('button', { name: 'Rename README.md' }))
    const field = screen.getByLabelText('New path for README.md')
    fireEvent.change(field, { target: { value: 'main.asm' } })
    fireEvent.submit(field.closest('form')!)
    expect(cb.onRename).toHaveBeenCalledWith('README.md', 'main.asm')
    expect(screen.getByRole('alert').textContent).toBe('That name is already taken.')
  })

  it('creates a file in a folder from its + button', () => {
    const cb = renderTree()
    fireEvent.click(screen.getByRole('button', { name: 'New file in gfx' }))
    const field = screen.getByLabelText('New file path') as HTMLInputElement
    expect(field.value).toBe('gfx/')
    fireEvent.change(field, { target: { value: 'gfx/sprites.chr' } })
    fireEvent.submit(field.closest('form')!)
    expect(cb.onCreate).toHaveBeenCalledWith('file', 'gfx/sprites.chr')
    expect(screen.queryByLabelText('New file path')).toBeNull()
  })
})

describe('QuickOpen', () => {
  it('matches file names fuzzily and opens the chosen one with Enter', () => {
    const onOpen = vi.fn()
    const onClose = vi.fn()
    render(<QuickOpen files={project.files} onOpen={onOpen} onClose={onClose} />)
    const field = screen.getByLabelText('File name')
    fireEvent.change(field, { target: { value: 'srccon' } })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['src/consts.asm'])
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(onOpen).toHaveBeenCalledWith(project.files[1]!.id)
    expect(onClose).toHaveBeenCalled()
  })

  it('says when nothing matches', () => {
    render(<QuickOpen files={project.files} onOpen={() => {}} onClose={() => {}} />)
    fireEvent.change(screen.getByLabelText('File name'), { target: { value: 'zzzz' } })
    expect(screen.getByText('No file matches.')).toBeDefined()
  })

  it('picks the main file among the .asm sources', () => {
    const cb = renderTree()
    const select = screen.getByLabelText('Main file')
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'main.asm',
      'src/consts.asm',
    ])
    fireEvent.change(select, { target: { value: project.files[1]!.id } })
    expect(cb.onSetMain).toHaveBeenCalledWith(project.files[1]!.id)
  })

  it('starts a folder of more than 40 files closed, and opens it on a click', () => {
    const big: Project = {
      name: 'big',
      files: [
        createMainFile('smb3.asm', ''),
        ...Array.from({ length: LARGE_FOLDER_FILES + 1 }, (_, i) =>
          createFile(`PRG/f${i}.asm`, ''),
        ),
        createFile('CHR/a.pcx', ''),
      ],
    }
    const callbacks = {
      onOpen: vi.fn(),
      onCreate: vi.fn((): string | undefined => undefined),
      onRename: vi.fn((): string | undefined => undefined),
      onDelete: vi.fn(),
      onSetMain: vi.fn(),
      onQuickOpen: vi.fn(),
      onFind: vi.fn(),
    }
    render(<ProjectTree project={big} activeId={big.files[0]!.id} {...callbacks} />)
    expect(paths()).toEqual(['CHR', 'CHR/a.pcx', 'PRG', 'smb3.asm'])
    fireEvent.click(screen.getByRole('button', { name: 'PRG' }))
    expect(paths()).toHaveLength(4 + LARGE_FOLDER_FILES + 1)
  })
})
