// @vitest-environment node
// The server's page renderer, run as the server runs it (Node, no DOM): the home page with the library's
// first page in it, and nothing for pages it leaves to the browser.
import { describe, expect, it, vi } from 'vitest'
import type { RomPageResponse } from '@nes-studio/shared'
import { romEntry } from './testing/rom-entry'

vi.mock('./emulator/frame-files', () => ({ warmFrameFiles: () => undefined, EJS_SCRIPTS: [] }))

const { renderPage } = await import('./entry-server')

const TEMPLATE = '<!doctype html><html><body><div id="root"></div></body></html>'

function firstPage(count: number, total = count): RomPageResponse {
  const roms = Array.from({ length: count }, (_, i) =>
    romEntry({ id: `id-${i}`, title: `Game <${i}>`, mapper: 4, mapperName: 'MMC3' }),
  )
  return { roms, total, offset: 0, limit: 40 }
}

describe('renderPage', () => {
  it('renders the console, the slot and the rows that fit the list, escaped', async () => {
    const html =
      (await renderPage(TEMPLATE, { url: '/', firstRomPage: firstPage(40, 10_000) })) ?? ''
    expect(html).toContain('<div id="root" data-prerendered="">')
    expect(html).toContain('data-testid="cartridge-input"')
    expect(html).toContain('INSERT CARTRIDGE')
    expect(html).toContain('placeholder="Search 10000 ROMs"')
    const rows = html.match(/data-testid="rom-item"/g) ?? []
    // The rows of the list's first 420 px plus its overscan, as the browser's first render has them.
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(40)
    expect(html).toContain('Game &lt;0&gt;')
    expect(html).not.toContain('Game <0>')
  })

  it('renders a shared link like the home page, and says an empty library is empty', async () => {
    const html =
      (await renderPage(TEMPLATE, { url: '/play/abc?state=s', firstRomPage: firstPage(0) })) ?? ''
    expect(html).toContain('No ROMs available in library')
    expect(html).toContain('INSERT CARTRIDGE')
  })

  it('renders every /play/:romId link and query alike (the server renders each page once)', async () => {
    const render = (url: string) => renderPage(TEMPLATE, { url, firstRomPage: firstPage(3) })
    const first = await render('/play/aaa?state=s1')
    expect(first).toBeDefined()
    expect(await render('/play/bbb')).toBe(first)
    expect(await render('/?q=x')).toBe(await render('/'))
  })

  it('leaves other pages to the browser', async () => {
    for (const url of ['/editor', '/nowhere', '/play/a/b']) {
      expect(await renderPage(TEMPLATE, { url, firstRomPage: firstPage(1) })).toBeUndefined()
    }
  })
})
