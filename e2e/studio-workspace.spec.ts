// The studio as a workspace (issue 12), on a desktop and on a touch phone, against the real server, assembler
// and emulator: an empty program is refused, ...
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { compileButton, setEditorText } from './support/studio-page'
import { STUDIO_DEVICES, gotoStudio, press } from './support/studio-workspace'

const suite = usePageSuite()

describe.each(STUDIO_DEVICES)('studio workspace on $name', (device) => {
  it('refuses an empty or code-free main.asm with "Compilation produced no ROM data"', async () => {
    const page = await suite.open(device.options)
    await gotoStudio(page, suite.baseUrl)
    for (const source of ['', '; only a comment\n  .inesprg 1\n  .bank 0\n  .org $C000\n']) {
      await setEditorText(page, source)
      await press(device, compileButton(page))
      const box = page.getByTestId('compile-error')
      await box.waitFor()
      expect(await box.textContent()).toContain('Compilation produced no ROM data')
      expect(await page.getByText('No ROM Loaded').isVisible()).toBe(true)
      expect(await page.evaluate(() => window.gameInstance)).toBeUndefined()
    }
  })
})
