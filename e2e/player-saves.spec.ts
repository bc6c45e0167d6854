// Progress is kept: battery saves (in the browser for a slot cartridge, on the server for a library game,
// in a fresh browser too), save states (save, change, load: RAM back as it was), Continue after a reload,
// a shared link to a moment, rewind, and a foreign state refused while the game keeps running. The ROM
// (built by our own assembler) counts START presses in battery RAM at $6000 and frames at $10.
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPage, TOUCH_DEVICES } from './support/browser'
import {
  buildBatteryRom,
  pressStart as pressStartKey,
  readFrameCounter,
  readStartCount,
} from './support/battery-rom'
import { buildInputProbeRom } from './support/input-probe'
import { startServer } from './support/global-setup'
import { usePageSuite } from './support/page-suite'
import { blurActiveElement, chooseRom, waitForGame } from './support/player-page'

const suite = usePageSuite()

async function startSlotGame(page: Page, name: string, rom = buildBatteryRom()): Promise<void> {
  await chooseRom(page, name, rom)
  await page.getByRole('button', { name: 'PRESS START' }).click()
  await waitForGame(page)
  await blurActiveElement(page)
}

/** Presses START `times` times with the keyboard (each until the game has seen it); the game counts each once. */
async function pressStart(page: Page, times: number): Promise<void> {
  await blurActiveElement(page)
  const before = await readStartCount(page)
  expect(await pressStartKey(page, times)).toBe(before + times)
}

async function uploadToLibrary(
  rom: Uint8Array,
  name: string,
  baseUrl = suite.baseUrl,
): Promise<string> {
  const form = new FormData()
  form.set('romFile', new Blob([new Uint8Array(rom)]), name)
  const res = await fetch(`${baseUrl}/api/roms`, {
    method: 'POST',
    body: form,
    headers: { Origin: baseUrl },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { rom: { id: string } }).rom.id
}

async function openPlayLink(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.baseUrl}${path}`)
  await waitForGame(page)
  await blurActiveElement(page)
}

/** The first byte of the library's battery save (the START count), or -1 when there is none. */
async function firstSaveByte(saveUrl: string): Promise<number> {
  const res = await fetch(saveUrl)
  return res.ok ? (new Uint8Array(await res.arrayBuffer())[0] ?? -1) : -1
}

/** Where this browser left off, offered in the Saves panel while the game plays. */
const resumeOffer = (page: Page) =>
  page.getByRole('group', { name: 'Continue where you left off?' })

describe('progress', () => {
  it('keeps a slot cartridge’s battery save across EJECT and a reload, by its SHA-1 not its name', async () => {
    const page = await suite.openPlayer()
    await startSlotGame(page, 'battery.nes')
    expect(await readStartCount(page)).toBe(0)
    await pressStart(page, 3)
    await page.getByRole('button', { name: 'EJECT' }).click()
    await page.reload()
    await startSlotGame(page, 'renamed.nes')
    // EJECT also kept a resume state: only offered, the game plays on with the battery save.
    await expect.poll(() => readStartCount(page)).toBe(3)
    await pressStart(page, 1)
    expect(await readStartCount(page)).toBe(4)
  })

  it('keeps a library game’s battery save on the server: a fresh browser continues the count', async () => {
    const romId = await uploadToLibrary(buildBatteryRom(1), 'library-battery.nes')
    const first = await suite.open()
    await openPlayLink(first, `/play/${romId}`)
    await pressStart(first, 2)
    await first.getByRole('button', { name: 'EJECT' }).click()
    await expect
      .poll(async () => (await fetch(`${suite.baseUrl}/api/roms/${romId}/save`)).status)
      .toBe(200)
    await first.context().close()

    const fresh = await suite.open(TOUCH_DEVICES[0])
    await openPlayLink(fresh, `/play/${romId}`)
    await expect.poll(() => readStartCount(fresh)).toBe(2)
  })

  it('keeps the battery save of a library game whose file name has dots and quotes', async () => {
    // EmulatorJS drops quotes (and more) from the name and RetroArch cuts it at the last dot: the save
    // has to be put where the core looks, or the game starts blank and overwrites the stored save.
    const romId = await uploadToLibrary(buildBatteryRom(5), "Kirby's Adventure (U) v1.1.nes")
    const first = await suite.open()
    await openPlayLink(first, `/play/${romId}`)
    await pressStart(first, 2)
    await first.getByRole('button', { name: 'EJECT' }).click()
    await expect
      .poll(async () => (await fetch(`${suite.baseUrl}/api/roms/${romId}/save`)).status)
      .toBe(200)
    await first.context().close()

    const fresh = await suite.open()
    await openPlayLink(fresh, `/play/${romId}`)
    await expect.poll(() => readStartCount(fresh)).toBe(2)
  })

  it('keeps a library game’s progress made offline in the browser and sends it when the network returns', async () => {
    const romId = await uploadToLibrary(buildBatteryRom(7), 'offline-battery.nes')
    const saveUrl = `${suite.baseUrl}/api/roms/${romId}/save`
    const firstByte = () => firstSaveByte(saveUrl)
    const page = await suite.open()
    await openPlayLink(page, `/play/${romId}`)
    await pressStart(page, 1)
    await expect.poll(firstByte, { timeout: 15_000 }).toBe(1)

    await page.context().setOffline(true)
    await pressStart(page, 2)
    await page
      .getByText(
        'Saved in this browser; it will be sent to the library when the server can be reached.',
      )
      .first()
      .waitFor()
    await page.getByRole('button', { name: 'EJECT' }).click()
    expect(await firstByte()).toBe(1)

    await page.context().setOffline(false)
    await expect.poll(firstByte, { timeout: 15_000 }).toBe(3)
    // Where this visitor left off (EJECT's resume state) stays in this browser, not in the library.
    const res = await fetch(`${suite.baseUrl}/api/roms/${romId}/states`)
    expect(((await res.json()) as { states: unknown[] }).states).toEqual([])
  })

  it('sends progress kept while the server was down when the site is next opened, without the game', async () => {
    // A server of its own, to take down. (Playwright's offline mode is no use here: a request made while
    // a page unloads is sent by the browser process, past it.)
    const own = await startServer()
    const opened = await openPage(suite.browser())
    try {
      const romId = await uploadToLibrary(buildBatteryRom(7), 'kept-then-left.nes', own.baseUrl)
      const firstByte = () => firstSaveByte(`${own.baseUrl}/api/roms/${romId}/save`)
      const { page } = opened
      await page.goto(`${own.baseUrl}/play/${romId}`)
      await waitForGame(page)
      await pressStart(page, 1)
      await expect.poll(firstByte, { timeout: 15_000 }).toBe(1)

      await own.pause()
      await pressStart(page, 2)
      await page
        .getByText(/^Saved in this browser; it will be sent/)
        .first()
        .waitFor()
      // The site is left while the server is down: no page of it is open when the server is back.
      await page.goto('about:blank')
      await own.resume()
      expect(await firstByte()).toBe(1)

      await page.goto(`${own.baseUrl}/editor`)
      await expect.poll(firstByte, { timeout: 15_000 }).toBe(3)
      expect(opened.network.foreignRequests(own.baseUrl)).toEqual([])
      expect(opened.network.pageErrors).toEqual([])
    } finally {
      await opened.close()
      await own.stop()
    }
  })

  it('never lets a save kept offline overwrite a newer one made elsewhere: the player picks one', async () => {
    const romId = await uploadToLibrary(buildBatteryRom(11), 'conflict-battery.nes')
    const saveUrl = `${suite.baseUrl}/api/roms/${romId}/save`
    const firstByte = () => firstSaveByte(saveUrl)
    const page = await suite.open()
    await openPlayLink(page, `/play/${romId}`)
    await pressStart(page, 1)
    await expect.poll(firstByte, { timeout: 15_000 }).toBe(1)
    await page.context().setOffline(true)
    await pressStart(page, 1)
    await page.getByRole('button', { name: 'EJECT' }).click()

    // Meanwhile another browser stores its own progress (a count of 6).
    const elsewhere = new Uint8Array(8192)
    elsewhere[0] = 6
    const put = await fetch(saveUrl, {
      method: 'PUT',
      body: elsewhere,
      headers: { 'Content-Type': 'application/octet-stream', Origin: suite.baseUrl },
    })
    expect(put.status).toBe(200)

    // Back online: the kept save (a count of 2) is refused and waits; the library keeps 6. (The kept
    // resume state is sent as before.)
    await page.context().setOffline(false)
    const journal = () =>
      page.evaluate((id) => localStorage.getItem(`nes-studio.server-saves-pending.${id}`), romId)
    const waiting = async () => {
      const kept = JSON.parse((await journal()) ?? '{}') as {
        conflicted?: unknown
        states?: object
      }
      return Boolean(kept.conflicted) && Object.keys(kept.states ?? {}).length === 0
    }
    await expect.poll(waiting, { timeout: 15_000 }).toBe(true)
    expect(await firstByte()).toBe(6)

    // Loaded again, the game plays the library's save and the Saves panel asks which one to keep.
    await openPlayLink(page, `/play/${romId}`)
    await expect.poll(() => readStartCount(page)).toBe(6)
    const notice = page.getByRole('group', { name: 'Which battery save to keep?' })
    await notice.waitFor()
    await notice.getByRole('button', { name: "USE THIS BROWSER'S SAVE" }).click()
    await page
      .getByText(
        "The library's battery save is now the one this browser kept. EJECT and load the game again to play from it.",
      )
      .waitFor()
    expect(await firstByte()).toBe(2)
    await notice.waitFor({ state: 'hidden' })
    // This game runs the library's old progress: it no longer writes over the chosen save.
    await pressStart(page, 1)
    await page.waitForTimeout(5_000)
    expect(await firstByte()).toBe(2)
    expect(await journal()).toBeNull()
  })

  it('saves a state, loads it back after the game changed, continues after a reload and shares the moment', async () => {
    const romId = await uploadToLibrary(buildBatteryRom(2), 'states.nes')
    const page = await suite.open()
    await openPlayLink(page, `/play/${romId}`)
    await pressStart(page, 1)
    await page.getByRole('button', { name: 'SAVE STATE' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved to Slot 1.' }).waitFor()
    const saved = await readStartCount(page)
    await pressStart(page, 2)
    await page.getByRole('button', { name: 'Load Slot 1', exact: true }).click()
    await expect.poll(() => readStartCount(page)).toBe(saved)

    // The slot's link, opened in a fresh browser, restores the same RAM.
    await page.getByRole('button', { name: 'Copy link to Slot 1' }).click()
    const linkText = await page.getByRole('status').filter({ hasText: '/play/' }).textContent()
    const link = new URL(/(http\S+)/.exec(linkText ?? '')?.[1] ?? '')
    expect(link.searchParams.get('state')).toBeTruthy()
    const other = await suite.open()
    await openPlayLink(other, `${link.pathname}${link.search}`)
    await expect.poll(() => readStartCount(other)).toBe(saved)
    await other.context().close()

    // Leaving the page keeps a resume state; Continue puts the game back where it was.
    await pressStart(page, 1)
    const left = await readStartCount(page)
    await page.reload()
    await waitForGame(page)
    await resumeOffer(page).getByRole('button', { name: 'CONTINUE' }).click()
    await expect.poll(() => readStartCount(page)).toBe(left)
  })

  it('quick-saves with F2 and quick-loads with F4, in the browser for a slot cartridge', async () => {
    const page = await suite.openPlayer()
    await startSlotGame(page, 'quick.nes')
    await pressStart(page, 2)
    await page.keyboard.press('F2')
    await page.getByRole('status').filter({ hasText: 'Saved to Quick.' }).waitFor()
    await pressStart(page, 3)
    await page.keyboard.press('F4')
    await expect.poll(() => readStartCount(page)).toBe(2)
    expect(await page.getByText('Kept in this browser').count()).toBe(1)
  })

  it('rewinds while R is held', async () => {
    const page = await suite.openPlayer()
    await startSlotGame(page, 'rewind.nes')
    await expect.poll(() => readFrameCounter(page), { timeout: 20_000 }).toBeGreaterThan(400)
    const before = await readFrameCounter(page)
    await page.keyboard.down('r')
    await page.waitForTimeout(1500)
    const during = await readFrameCounter(page)
    await page.keyboard.up('r')
    expect(during).toBeLessThan(before)
    expect(during).toBeGreaterThan(0)
  })

  it('refuses a state file of another game, and damaged ones, with a message; the game keeps running', async () => {
    const page = await suite.openPlayer()
    // A state file of the input probe (another ROM of the same board, so the same state size)…
    await startSlotGame(page, 'probe.nes', buildInputProbeRom())
    await page.getByRole('button', { name: 'SAVE STATE' }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Slot 1' }).click(),
    ])
    const foreign = await readFile(await download.path())
    await page.getByRole('button', { name: 'EJECT' }).click()
    // …loaded into the battery game.
    await startSlotGame(page, 'battery.nes')
    await pressStart(page, 1)
    const frames = await readFrameCounter(page)
    const input = page.getByTestId('state-file-input')
    const load = (name: string, buffer: Buffer) =>
      input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer })
    await load('other.nesstate', foreign)
    await page
      .getByRole('alert')
      .filter({ hasText: /saved from another game/ })
      .waitFor()
    await load('truncated.nesstate', foreign.subarray(0, 100))
    await page
      .getByRole('alert')
      .filter({ hasText: /not a save state/ })
      .waitFor()
    await load('garbage.state', Buffer.from('not a state at all'))
    await page
      .getByRole('alert')
      .filter({ hasText: /not a save state/ })
      .waitFor()
    expect(await readStartCount(page)).toBe(1)
    await expect.poll(() => readFrameCounter(page)).toBeGreaterThan(frames)
  })
})

describe('a write-protected library (LIBRARY_TOKEN)', () => {
  it('says why a state was not kept, and unlocks saves from the saves panel on a phone', async () => {
    const token = 'e2e-saves-token-123'
    const locked = await startServer({ LIBRARY_TOKEN: token })
    const opened = await openPage(suite.browser(), TOUCH_DEVICES[0])
    try {
      const form = new FormData()
      form.set('romFile', new Blob([new Uint8Array(buildBatteryRom(4))]), 'locked.nes')
      const upload = await fetch(`${locked.baseUrl}/api/roms`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(upload.status).toBe(201)
      const romId = ((await upload.json()) as { rom: { id: string } }).rom.id

      const { page } = opened
      await page.goto(`${locked.baseUrl}/play/${romId}`)
      await waitForGame(page)
      const saves = page.getByRole('region', { name: 'Saves' })
      await saves.getByRole('button', { name: 'SAVE STATE' }).tap()
      await saves.getByRole('alert').filter({ hasText: 'write-protected' }).first().waitFor()
      expect(await saves.getByRole('listitem').count()).toBe(0)

      await saves.getByLabel('Library token').fill(token)
      await saves.getByRole('button', { name: 'Unlock' }).tap()
      await saves.getByLabel('Library token').waitFor({ state: 'detached' })
      await saves.getByRole('button', { name: 'SAVE STATE' }).tap()
      await saves.getByRole('status').filter({ hasText: 'Saved to Slot 1.' }).waitFor()
      const listed = await fetch(`${locked.baseUrl}/api/roms/${romId}/states`)
      const states = ((await listed.json()) as { states: { slot: string | null }[] }).states
      expect(states.map((state) => state.slot)).toContain('Slot 1')
      expect(opened.network.foreignRequests(locked.baseUrl)).toEqual([])
    } finally {
      await opened.close()
      await locked.stop()
    }
  })
})
