// Reading the studio preview's emulator frame: wait until the whole picture is one colour of a given tint.
import type { Page } from 'playwright-core'
import { readFrame } from './frames'

/** Polls until every sampled pixel of the raw frame is the same clearly green colour; returns the last reading. */
export async function waitForGreenFrame(
  page: Page,
  timeoutMs = 15_000,
): Promise<{ rgb: number[]; green: boolean }> {
  const deadline = Date.now() + timeoutMs
  let last = { rgb: [0, 0, 0], green: false }
  while (Date.now() < deadline) {
    const frame = await readFrame(page).catch(() => undefined)
    if (frame) {
      const [r, g, b] = frame.samples[0] ?? [0, 0, 0]
      const uniform = frame.samples.every((s) => s[0] === r && s[1] === g && s[2] === b)
      last = { rgb: [r, g, b], green: uniform && g > r + 40 && g > b + 40 }
      if (last.green) return last
    }
    await page.waitForTimeout(100)
  }
  return last
}

/** Polls the frame until every sample is one colour whose strongest channel is `channel` by a clear margin. */
export async function waitForFrameTint(
  page: Page,
  channel: 'red' | 'green',
  timeoutMs = 10_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const frame = await readFrame(page).catch(() => undefined)
    const [r, g, b] = frame?.samples[0] ?? [0, 0, 0]
    const uniform = frame?.samples.every((s) => s[0] === r && s[1] === g && s[2] === b) ?? false
    const tinted = channel === 'red' ? r > g + 60 && r > b + 60 : g > r + 40 && g > b + 40
    if (uniform && tinted) return true
    await page.waitForTimeout(100)
  }
  return false
}
