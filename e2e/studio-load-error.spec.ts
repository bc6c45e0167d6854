// The studio's code is loaded on demand: when that chunk fails to load (a network error, a deploy that removed
// it), /editor shows the route's error screen with RELOAD instead of a blank page.
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'

const suite = usePageSuite({ allowPageErrors: true })

describe('studio chunk that fails to load', () => {
  it('shows SOMETHING WENT WRONG with RELOAD, and the studio after a reload that works', async () => {
    const page = await suite.open()
    const studioChunk = /\/assets\/studio-page-[^/]*\.js$/
    await page.route(studioChunk, (route) => route.abort())
    await page.goto(`${suite.baseUrl}/editor`)
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('SOMETHING WENT WRONG')
    expect(await alert.textContent()).toContain('The studio could not be loaded')
    await page.unroute(studioChunk)
    await alert.getByRole('button', { name: 'RELOAD' }).click()
    await page.locator('.cm-content').waitFor()
  })
})
