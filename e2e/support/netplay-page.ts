// Steps of the online-play specs: a two-pad ROM in the library, opening a room from the running game,
// joining from the invite link (netplay-room.ts, shared with bench/netplay), and reading the room panel and
// the game's state hashes.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { statusLine } from './netplay-room'

export { joinRoom, openRoom, statusLine, uploadTwoPadRom } from './netplay-room'

/** Waits until the room's status line matches `pattern`. */
export async function waitForStatus(page: Page, pattern: RegExp, timeoutMs = 15_000) {
  await expect.poll(() => statusLine(page), { timeout: timeoutMs }).toMatch(pattern)
}

/** The room panel's note (a wait, a pause, a re-sync, a refusal). */
export function roomNote(page: Page): Promise<string> {
  return page.getByTestId('online-note').innerText()
}

/**
 * Keeps every text the room panel's note line shows from now on, the one it shows now first (a note of 4 s
 * is then seen however slow the test's polls are under load); {@link notesShown} reads them.
 */
export async function recordNotes(page: Page): Promise<void> {
  await page.getByTestId('online-note').evaluate((line) => {
    const shown: string[] = []
    Object.assign(window, { roomNotesShown: shown })
    const keep = () => {
      const text = line.textContent ?? ''
      if (text && shown.at(-1) !== text) shown.push(text)
    }
    keep()
    new MutationObserver(keep).observe(line, {
      childList: true,
      characterData: true,
      subtree: true,
    })
  })
}

/** The notes the room panel showed since {@link recordNotes}, in order. */
export function notesShown(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { roomNotesShown?: string[] }).roomNotesShown ?? [],
  )
}

/** How many lines the room's status line takes, and whether any of it is cut off. */
export function statusLayout(page: Page): Promise<{ lines: number; cut: boolean }> {
  return page.getByTestId('online-status').evaluate((line) => {
    const range = document.createRange()
    range.selectNodeContents(line)
    const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)))
    return { lines: tops.size, cut: line.scrollWidth > line.clientWidth }
  })
}

/** The one-line bar over the picture: its text, and whether all of it is inside the viewport as it is. */
export function onlineBar(page: Page): Promise<{ text: string; inView: boolean }> {
  return page.getByTestId('online-bar').evaluate((bar) => {
    const r = bar.getBoundingClientRect()
    const inView =
      r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
    return { text: (bar as HTMLElement).innerText, inView }
  })
}

/** The state hashes this browser sent (frame → hash), as the room panel lists them for tests. */
export async function stateHashes(page: Page): Promise<Map<number, string>> {
  const listed = (await page.getByTestId('online-panel').getAttribute('data-hashes')) ?? ''
  return new Map(
    listed
      .split(' ')
      .filter(Boolean)
      .map((pair) => {
        const [frame, hash] = pair.split(':')
        return [Number(frame), hash ?? ''] as const
      }),
  )
}
