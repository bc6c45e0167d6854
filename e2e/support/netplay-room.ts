// The steps of online play that need no test runner (bench/netplay/press-picture.ts uses them too): a
// two-pad ROM in the library, opening a room from the running game, joining from the invite link, and the
// room's status line.
import type { Page } from 'playwright-core'
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
  if (res.status !== 201) throw new Error(`Uploading the two-pad ROM answered ${res.status}`)
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
