// Helpers for driving the player page the way a user does (file input, buttons, drag and drop).
import type {} from './globals'
import type { Locator, Page } from 'playwright-core'

export async function chooseRom(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.setInputFiles('[data-testid=cartridge-input]', {
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(bytes),
  })
}

/** Waits until a game runs (the game instance exists and the power light is on). */
export async function waitForGame(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(() => window.gameInstance !== undefined, undefined, {
    timeout: timeoutMs,
  })
  await page.locator('[data-testid=light-power][data-on=true]').waitFor({ timeout: timeoutMs })
}

/** Drops a file on the cartridge slot with a real DataTransfer, as a drag from the desktop would. */
export async function dropRom(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ name, data }) => {
      const slot = document.querySelector('[data-testid=cartridge-slot]')
      if (!slot) throw new Error('No cartridge slot')
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(data)], name))
      for (const type of ['dragenter', 'dragover', 'drop']) {
        slot.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        )
      }
    },
    { name, data: Array.from(bytes) },
  )
}

export async function blurActiveElement(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  })
}

export function gameIframeCount(page: Page): Promise<number> {
  return page.locator('iframe.emulator-frame:not(.emulator-frame--idle)').count()
}

/** Waits (up to `timeoutMs`) for the locator to be visible; false if it never is. */
export async function isShown(locator: Locator, timeoutMs = 10_000): Promise<boolean> {
  try {
    await locator.waitFor({ state: 'visible', timeout: timeoutMs })
    return true
  } catch {
    return false
  }
}

/** Waits (up to `timeoutMs`) for the locator to be hidden or gone; false if it stays visible. */
export async function isHidden(locator: Locator, timeoutMs = 10_000): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout: timeoutMs })
    return true
  } catch {
    return false
  }
}

/** Starts recording every on-screen button that turns pressed (data-pressed="true"). */
export async function recordPressedHighlights(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: string[] = []
    ;(window as unknown as { __pressed: string[] }).__pressed = log
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement
        if (target.dataset.pressed === 'true' && target.dataset.button)
          log.push(target.dataset.button)
      }
    }).observe(document.body, {
      attributes: true,
      subtree: true,
      attributeFilter: ['data-pressed'],
    })
  })
}

export function highlightedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __pressed: string[] }).__pressed])
}
