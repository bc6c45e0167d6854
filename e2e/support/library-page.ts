// Steps on the home page's library shared by the library specs: choosing and uploading a ROM, its row,
// waiting for a toast, and the cover a row shows.
import type { Locator, Page } from 'playwright-core'

const nesFile = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(bytes),
})

/**
 * Waits for a toast with this title whose description matches (a string must match whole). A new
 * toast replaces the previous one, so waiting on the content avoids reading a stale toast.
 */
export async function expectToast(page: Page, title: string, description: string | RegExp) {
  const matches = (text: string) =>
    typeof description === 'string' ? text === description : description.test(text)
  const deadline = Date.now() + 15_000
  let shown: { title: string; description: string }[] = []
  while (Date.now() < deadline) {
    shown = await page.locator('.toast').evaluateAll((toasts) =>
      toasts.map((t) => ({
        title: t.querySelector('.toast__title')?.textContent ?? '',
        description: t.querySelector('.toast__description')?.textContent ?? '',
      })),
    )
    if (shown.some((t) => t.title === title && matches(t.description))) return
    await page.waitForTimeout(50)
  }
  throw new Error(
    `No toast "${title}" matching ${String(description)}; shown: ${JSON.stringify(shown)}`,
  )
}

export async function chooseForUpload(page: Page, name: string, bytes: Uint8Array) {
  await page.getByTestId('upload-input').setInputFiles(nesFile(name, bytes))
}

export async function uploadThroughPanel(
  page: Page,
  name: string,
  bytes: Uint8Array,
  title?: string,
) {
  await chooseForUpload(page, name, bytes)
  if (title !== undefined) await page.getByLabel('ROM Title').fill(title)
  await page.getByRole('button', { name: 'Upload ROM' }).click()
}

export const isRomList = (url: URL) => url.pathname === '/api/roms'

export const libraryItem = (page: Page, title: string) =>
  page.getByTestId('rom-item').filter({ has: page.locator('.rom-item__title', { hasText: title }) })

/** A row's cover as the browser shows it: its attributes, the decoded image's size and its box. */
export interface ShownCover {
  alt: string
  loading: string
  width: string | null
  height: string | null
  naturalWidth: number
  naturalHeight: number
  src: string
  boxWidth: number
  boxHeight: number
}

/**
 * Waits until `row` shows a cover image (a lazy one loads once its row is in view), decoded, and
 * returns it; the game ran `COVER_AFTER_MS` (5 s) before the player took it, so allow for that.
 */
export async function waitForCover(row: Locator, timeoutMs = 25_000): Promise<ShownCover> {
  const img = row.getByTestId('rom-cover')
  await img.waitFor({ timeout: timeoutMs })
  await row.scrollIntoViewIfNeeded()
  return img.evaluate(async (el: HTMLImageElement) => {
    await el.decode()
    const box = el.getBoundingClientRect()
    return {
      alt: el.alt,
      loading: el.loading,
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      naturalWidth: el.naturalWidth,
      naturalHeight: el.naturalHeight,
      src: el.src,
      boxWidth: box.width,
      boxHeight: box.height,
    }
  })
}
