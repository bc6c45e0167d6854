// Opening /editor and driving the studio's editor, tabs and saved project in the studio specs.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { openPage } from './browser'
import type { OpenedPage, PageOptions } from './browser'

/** A fresh page on /editor, once the editor is shown. */
export async function openStudio(
  browser: Browser,
  baseUrl: string,
  options: number | PageOptions = 1280,
): Promise<OpenedPage> {
  const opened = await openPage(
    browser,
    typeof options === 'number' ? { width: options, height: 900 } : options,
  )
  await opened.page.goto(`${baseUrl}/editor`)
  await opened.page.locator('.cm-content').waitFor()
  return opened
}

export const compileButton = (page: Page) =>
  page.getByRole('button', { name: /COMPILE & RUN|COMPILING\.\.\./ })

/** The tab of a file (its accessible name starts with the file name, then badges). */
export const tab = (page: Page, name: string) =>
  page.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) })

/** Replaces the whole text of the file shown in the editor. */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+A')
  if (text === '') await page.keyboard.press('Delete')
  else await page.keyboard.insertText(text)
}

/** The project as the studio saved it in IndexedDB (database nes-studio-studio, store projects, key project). */
export function savedProject(
  page: Page,
): Promise<{ main?: string; files: { filename: string; content?: string }[] } | undefined> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without the studio's store: look first.
    const databases = await indexedDB.databases()
    if (!databases.some((d) => d.name === 'nes-studio-studio')) return undefined
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('nes-studio-studio')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('projects')) return resolve(undefined)
        const read = db.transaction('projects').objectStore('projects').get('project')
        read.onerror = () => reject(read.error)
        read.onsuccess = () => {
          resolve(read.result)
          db.close()
        }
      }
    })
  })
}

/** The files as the studio saved them (saving is debounced by 300 ms, so this polls until they settle). */
export async function savedFiles(page: Page, timeoutMs = 5000): Promise<Record<string, string>> {
  const read = async () =>
    Object.fromEntries(
      ((await savedProject(page))?.files ?? []).map((f) => [f.filename, f.content ?? '']),
    )
  const deadline = Date.now() + timeoutMs
  let last = await read()
  let previous = ''
  while (Date.now() < deadline) {
    await page.waitForTimeout(400)
    last = await read()
    const now = JSON.stringify(last)
    if (now === previous) break
    previous = now
  }
  return last
}

/** Picks a file for the studio's hidden "Import .zip" input. */
export async function importZipFile(page: Page, name: string, zip: Uint8Array): Promise<void> {
  await page.getByTestId('import-zip').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  })
}

/** Clicks a toolbar button that downloads a file; returns the file's bytes and suggested name. */
export async function downloadFrom(
  page: Page,
  buttonName: string,
): Promise<{ bytes: Uint8Array; name: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ])
  const bytes = new Uint8Array(await readFile(await download.path()))
  return { bytes, name: download.suggestedFilename() }
}

export interface ToolbarLayout {
  /** The toolbar's buttons, the problem counts (a link) and the Live switch. */
  controls: number
  /** One horizontal line crosses every control (the toolbar did not wrap). */
  isOneLine: boolean
  /** Controls that reach past the toolbar's or the window's left or right edge, by name. */
  clipped: string[]
}

/** How the studio's toolbar ("Studio actions") lays out its controls as the page stands. */
export function toolbarLayout(page: Page): Promise<ToolbarLayout> {
  return page.getByRole('toolbar', { name: 'Studio actions' }).evaluate((bar) => {
    const edge = bar.getBoundingClientRect()
    const left = Math.max(edge.left, 0) - 1
    const right = Math.min(edge.right, window.innerWidth) + 1
    const boxes = Array.from(bar.querySelectorAll('button, a[href], .studio-live')).map((e) => ({
      name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim(),
      box: e.getBoundingClientRect(),
    }))
    return {
      controls: boxes.length,
      isOneLine:
        Math.max(...boxes.map((b) => b.box.top)) < Math.min(...boxes.map((b) => b.box.bottom)),
      clipped: boxes.filter((b) => b.box.left < left || b.box.right > right).map((b) => b.name),
    }
  })
}
