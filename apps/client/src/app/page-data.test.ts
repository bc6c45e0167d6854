import { describe, expect, it } from 'vitest'
import type { RomEntry, RomPageResponse } from '@nes-studio/shared'
import { romEntry } from '../testing/rom-entry'
import { injectPage, PAGE_DATA_ID, readPageData, serializePageData } from './page-data'
// The real index.html: its empty root element and its preload of the first page.
import TEMPLATE from '../../index.html?raw'

const rom = (title: string): RomEntry => romEntry({ id: 'id-1', title, fileName: 'a.nes' })
const page = (title: string): RomPageResponse => ({
  roms: [rom(title)],
  total: 1,
  offset: 0,
  limit: 40,
})

function documentOf(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('page data', () => {
  it('keeps a hostile title as text inside the script element', () => {
    const title = '</script><script>alert(1)</script>&\u2028\u2029'
    const json = serializePageData({ firstRomPage: page(title) })
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    const html = injectPage(TEMPLATE, '<p>markup</p>', { firstRomPage: page(title) })
    expect(html).toBeDefined()
    const doc = documentOf(html ?? '')
    expect(doc.querySelectorAll('script')).toHaveLength(2)
    expect(readPageData(doc)?.firstRomPage.roms[0]?.title).toBe(title)
  })

  it('fills the root, marks it pre-rendered and drops the first-page preload', () => {
    const html = injectPage(TEMPLATE, "<p>A $& B $' C</p>", { firstRomPage: page('x') }) ?? ''
    const doc = documentOf(html)
    const root = doc.getElementById('root')
    expect(root?.hasAttribute('data-prerendered')).toBe(true)
    expect(root?.innerHTML).toBe("<p>A $&amp; B $' C</p>")
    expect(doc.querySelector('link[rel=preload]')).toBeNull()
    expect(doc.getElementById(PAGE_DATA_ID)?.getAttribute('type')).toBe('application/json')
  })

  it('declines a template without an empty root element', () => {
    expect(injectPage('<div id="app"></div>', '<p/>', { firstRomPage: page('x') })).toBeUndefined()
  })

  it('reads nothing from a page without data, or with damaged data', () => {
    expect(readPageData(documentOf(TEMPLATE))).toBeUndefined()
    const damaged = (text: string) =>
      documentOf(`<script type="application/json" id="${PAGE_DATA_ID}">${text}</script>`)
    expect(readPageData(damaged('{"firstRomPage":'))).toBeUndefined()
    expect(readPageData(damaged('{"firstRomPage":{"roms":"no"}}'))).toBeUndefined()
    expect(readPageData(damaged(serializePageData({ firstRomPage: page('ok') })))).toEqual({
      firstRomPage: page('ok'),
    })
  })
})
