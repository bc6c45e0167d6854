// Steps of the online-play specs: a two-pad ROM in the library, opening a room from the running game,
// joining from the invite link, and reading the room panel and the game's state hashes.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { waitForGame } from './player-page'
import { withTag } from './roms'
import { buildTwoPadRom } from './two-pad-rom'

/** Uploads the two-pad ROM (tagged, so it is a game of its own) and returns its library id. */
export async function uploadTwoPadRom(baseUrl: string, title: string): Promise<string> {
  const form = new FormData()
  form.set('title', title)
  const rom = withTag(buildTwoPadRom(), `${title} ${Date.now()}`)
  form.set('romFile', new Blob([Buffer.from(rom)]), 'two-pads.nes')
  const res = await fetch(`${baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { rom: { id: string } }).rom.id
}

/** PLAY ONLINE on the running game; returns the invite link the panel shows. */
export async function openRoom(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'PLAY ONLINE' }).click()
  const link = page.getByLabel('Invite link')
  await link.waitFor({ timeout: 15_000 })
  return link.inputValue()
}

/** Opens the invite link in `page` and waits until its game runs in the room. */
export async function joinRoom(page: Page, inviteUrl: string): Promise<void> {
  await page.goto(inviteUrl)
  await waitForGame(page)
  await page.getByTestId('online-status').waitFor({ timeout: 15_000 })
}

/** The room's status line ("2 players · ping 3 ms · delay 2 frames · 0 re-syncs"). */
export function statusLine(page: Page): Promise<string> {
  return page.getByTestId('online-status').innerText()
}

/** Waits until the room's status line matches `pattern`. */
export async function waitForStatus(page: Page, pattern: RegExp, timeoutMs = 15_000) {
  await expect.poll(() => statusLine(page), { timeout: timeoutMs }).toMatch(pattern)
}

/** The room panel's note (a wait, a pause, a re-sync, a refusal). */
export function roomNote(page: Page): Promise<string> {
  return page.getByTestId('online-note').innerText()
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
