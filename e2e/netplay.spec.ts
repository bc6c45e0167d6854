// Online play with two (and three) browsers on one server: a library game's room opened with PLAY ONLINE
// and joined from its invite link by a touch phone, presses of each side reaching its own pad on both
// screens (the two-pad ROM, built by our assembler, paints each half by one controller), a spectator,
// the guest closing its browser while the host plays on, and what online play turns off.
import type { Page, WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES, openPage } from './support/browser'
import type { OpenedPage } from './support/browser'
import { startServer } from './support/global-setup'
import {
  joinRoom,
  notesShown,
  onlineBar,
  openRoom,
  recordNotes,
  roomNote,
  statusLayout,
  stateHashes,
  statusLine,
  uploadTwoPadRom,
  waitForStatus,
} from './support/netplay-page'
import { litPicturePoints } from './support/frames'
import { usePageSuite } from './support/page-suite'
import { blurActiveElement, chooseRom, waitForGame } from './support/player-page'
import { shoot } from './support/touch-checks'
import { buildTwoPadRom, waitForHalves } from './support/two-pad-rom'

const suite = usePageSuite()
const PHONE = TOUCH_DEVICES[0]!

/** Holds a key on the page for 150 ms (the game reads the pads once a frame). */
async function pressKey(page: Page, key: string): Promise<void> {
  await blurActiveElement(page)
  await page.keyboard.down(key)
  await page.waitForTimeout(150)
  await page.keyboard.up(key)
}

/** Taps an on-screen pad button with a finger held for 150 ms. */
async function tapPad(page: Page, button: string): Promise<void> {
  const target = page.locator(`.player [data-button="${button}"]`).first()
  const box = await target.boundingBox()
  if (!box) throw new Error(`No on-screen ${button}`)
  const cdp = await page.context().newCDPSession(page)
  const point = {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
    id: 0,
    radiusX: 8,
    radiusY: 8,
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await page.waitForTimeout(150)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

// Three browsers with emulators on a 2-core machine: a bound above the suite's 90 s, not a timing claim.
const SLOW_TEST_MS = 180_000

describe('online play', () => {
  it(
    'plays a library game in two browsers: each side drives its own pad on both screens',
    async () => {
      const romId = await uploadTwoPadRom(suite.baseUrl, 'Two pads online')
      const host = await suite.open(1280)
      await host.goto(`${suite.baseUrl}/play/${romId}`)
      await waitForGame(host)
      const invite = await openRoom(host)
      expect(invite).toMatch(new RegExp(`^${suite.baseUrl}/room/[0-9a-f]{12}[A-Za-z0-9_-]{22}$`))
      await waitForStatus(host, /^1 player · ping \d+ ms · delay \d frames · 0 re-syncs$/)

      const guest = await suite.open(PHONE)
      await joinRoom(guest, invite)
      await waitForStatus(host, /^2 players/)
      // A phone's panel says it in short words, on one line at 375 px.
      await waitForStatus(guest, /^2P · \d+ MS · DELAY \d · 0 RE-SYNCS$/)
      // The phone sees the room's state over the picture while playing (the panel is below the fold).
      await expect
        .poll(() => onlineBar(guest))
        .toEqual({ text: expect.stringMatching(/^ONLINE · 2P · \d+ MS · DELAY \d$/), inView: true })

      // Host presses A (x): the left half (pad 1) turns red on both screens.
      await pressKey(host, 'x')
      for (const page of [host, guest]) {
        expect(await waitForHalves(page, { left: 'red', right: 'grey' })).toEqual({
          left: 'red',
          right: 'grey',
        })
      }
      // The phone guest taps B on its on-screen pad: the right half (pad 2) turns blue on both.
      await tapPad(guest, 'b')
      for (const page of [host, guest]) {
        expect(await waitForHalves(page, { left: 'red', right: 'blue' })).toEqual({
          left: 'red',
          right: 'blue',
        })
      }
      // The guest's keyboard is its own pad too, whatever controller its keys are mapped to.
      await pressKey(guest, 'ArrowUp')
      await pressKey(host, 'ArrowLeft')
      for (const page of [host, guest]) {
        expect(await waitForHalves(page, { left: 'sky', right: 'green' })).toEqual({
          left: 'sky',
          right: 'green',
        })
      }
      await shoot(host, 'netplay-host')
      await shoot(guest, 'netplay-guest-phone')
      await guest.getByTestId('online-status').scrollIntoViewIfNeeded()
      await expect.poll(() => statusLayout(guest)).toEqual({ lines: 1, cut: false })
      await shoot(guest, 'netplay-guest-status')
      await guest.evaluate(() => window.scrollTo(0, 0))

      // Both browsers computed the same state hashes.
      await expect
        .poll(async () => (await stateHashes(guest)).size, { timeout: 10_000 })
        .toBeGreaterThan(1)
      const [mine, theirs] = [await stateHashes(host), await stateHashes(guest)]
      const common = [...theirs.keys()].filter((frame) => mine.has(frame))
      expect(common.length).toBeGreaterThan(0)
      for (const frame of common) expect(theirs.get(frame)).toBe(mine.get(frame))

      // A spectator joins from the same link and watches the same game.
      const watcher = await suite.open(1024)
      await joinRoom(watcher, invite)
      await waitForStatus(host, /^2 players · 1 spectator/)
      await pressKey(host, 'z')
      for (const page of [host, guest, watcher]) {
        expect(await waitForHalves(page, { left: 'blue', right: 'green' })).toEqual({
          left: 'blue',
          right: 'green',
        })
      }

      // Rewind is off while the room is on, and says so.
      await host.getByRole('button', { name: '◀◀ REWIND' }).click()
      await expect.poll(() => roomNote(host)).toMatch(/Rewind is off during online play/)

      // A pause shows over the phone's picture, upright and turned sideways, without scrolling.
      await host.getByRole('button', { name: 'PAUSE' }).click()
      const paused = { text: 'Paused by player 1.', inView: true }
      await expect.poll(() => onlineBar(guest), { timeout: 5000 }).toEqual(paused)
      await guest.setViewportSize({ width: 844, height: 390 })
      await expect
        .poll(() => guest.locator('.player').getAttribute('data-layout'))
        .toBe('landscape')
      await expect.poll(() => onlineBar(guest)).toEqual(paused)
      // The picture stays while the room is paused (it was black until play resumed: the core was
      // told of the new size at once, which clears the canvas, and no frame ran to draw it again).
      expect(await litPicturePoints(guest)).toBeGreaterThan(32)
      await shoot(guest, 'netplay-guest-paused')
      await guest.getByTestId('online-status').scrollIntoViewIfNeeded()
      await expect.poll(() => statusLayout(guest)).toEqual({ lines: 1, cut: false })
      await shoot(guest, 'netplay-guest-status')
      await host.getByRole('button', { name: 'RESUME' }).click()

      // The guest closes its browser just after the host pressed REWIND again: the room says so to the
      // spectator and to the host (the newest note wins over its refusal), and the host plays on alone.
      await recordNotes(host)
      await host.getByRole('button', { name: '◀◀ REWIND' }).click()
      await guest.context().close()
      await expect.poll(() => roomNote(watcher)).toBe('Player 2 left the room.')
      await expect
        .poll(() => notesShown(host), { timeout: 10_000 })
        .toContain('Player 2 left the room.')
      const shown = await notesShown(host)
      expect(shown.slice(shown.findIndex((note) => note.startsWith('Rewind is off')))).toEqual([
        expect.stringMatching(/^Rewind is off during online play/),
        'Player 2 left the room.',
      ])
      await shoot(watcher, 'netplay-watcher-player-left')
      await waitForStatus(host, /^1 player · 1 spectator/)
      await pressKey(host, 'Enter')
      for (const page of [host, watcher]) {
        expect(await waitForHalves(page, { left: 'orange', right: 'green' })).toEqual({
          left: 'orange',
          right: 'green',
        })
      }
    },
    SLOW_TEST_MS,
  )
})

describe('online play when connections drop or the game splits', () => {
  it(
    'waits for a guest whose connection dropped and resumes it; re-syncs a game that split; pauses for a hidden tab',
    async () => {
      const romId = await uploadTwoPadRom(suite.baseUrl, 'Two pads dropped')
      const host = await suite.open(1280)
      await host.goto(`${suite.baseUrl}/play/${romId}`)
      await waitForGame(host)
      const invite = await openRoom(host)
      const guest = await suite.open(1280)
      // The guest's room socket goes through the test, which can cut it as a network would.
      let isCut = false
      const routes: WebSocketRoute[] = []
      await guest.routeWebSocket(/\/api\/netplay\//, (page) => {
        if (isCut) return void page.close({ code: 1011 })
        const server = page.connectToServer()
        routes.push(page, server)
      })
      await joinRoom(guest, invite)
      await waitForStatus(host, /^2 players/)

      isCut = true
      // Not a goodbye: 1011 to the page, 3001 to the server (1000/1001 would be leaving on purpose).
      await Promise.all(routes.map((route, i) => route.close({ code: i % 2 ? 3001 : 1011 })))
      await expect.poll(() => roomNote(host), { timeout: 10_000 }).toBe('waiting for player 2…')
      await expect.poll(() => roomNote(guest)).toMatch(/reconnecting/)
      isCut = false
      await expect.poll(() => roomNote(host), { timeout: 15_000 }).toBe('')
      await pressKey(guest, 'x')
      for (const page of [host, guest]) {
        expect(await waitForHalves(page, { left: 'grey', right: 'red' })).toEqual({
          left: 'grey',
          right: 'red',
        })
      }

      // The guest's game goes its own way (a state of an earlier moment loaded behind the room's back):
      // the next hash differs from the host's, the host's state is sent again and both show the same.
      // The running game's frame, not the spare one the page keeps loaded for the next game (an idle
      // core: a state loaded there splits nothing, and which of the two comes first in frames() varies).
      const frameElement = await guest
        .locator('iframe.emulator-frame:not(.emulator-frame--idle)')
        .elementHandle()
      const frame = await frameElement?.contentFrame()
      if (!frame) throw new Error('No game frame')
      await recordNotes(guest)
      await frame.evaluate(() => {
        const api = (
          window as unknown as {
            nesFrame: { saveState(): Uint8Array; loadState(s: Uint8Array): void }
          }
        ).nesFrame
        const before = api.saveState()
        setTimeout(() => api.loadState(before), 500)
      })
      // The count in the status line stays; the note, shown with it, is the newest and passes after 4 s.
      await waitForStatus(guest, /1 re-sync$/, 30_000)
      expect(await notesShown(guest)).toContainEqual(
        expect.stringMatching(/^Re-synced: player 2 was/),
      )
      await waitForStatus(host, /1 re-sync$/)
      await pressKey(host, 'z')
      for (const page of [host, guest]) {
        expect(await waitForHalves(page, { left: 'blue', right: 'red' })).toEqual({
          left: 'blue',
          right: 'red',
        })
      }

      // A hidden tab pauses the room and says whose it is; PAUSE pauses it for everyone.
      await guest.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
      })
      await expect
        .poll(() => roomNote(host), { timeout: 5000 })
        .toBe("Paused: player 2's tab is in the background.")
      await guest.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
      })
      // (the "Re-synced" note, shown 4 s, may still be there)
      await expect.poll(() => roomNote(host), { timeout: 6000 }).toBe('')
      await host.getByRole('button', { name: 'PAUSE' }).click()
      await expect.poll(() => roomNote(guest), { timeout: 5000 }).toBe('Paused by player 1.')
      await host.getByRole('button', { name: 'RESUME' }).click()
      await expect.poll(() => roomNote(guest), { timeout: 6000 }).toBe('')
    },
    SLOW_TEST_MS,
  )
})

describe('online play through a slow relay', () => {
  it(
    'keeps a slot cartridge room in step for 600 frames through an 80 ± 20 ms relay delay',
    async () => {
      // A server of its own with the test-only relay delay: every message to a browser waits 60-100 ms.
      const server = await startServer({
        NETPLAY_TEST_DELAY_MS: '80',
        NETPLAY_TEST_JITTER_MS: '20',
      })
      const pages: OpenedPage[] = []
      try {
        const [host, guest] = [await openPage(suite.browser()), await openPage(suite.browser())]
        pages.push(host, guest)
        await host.page.goto(`${server.baseUrl}/`)
        await chooseRom(host.page, 'two-pads.nes', buildTwoPadRom())
        await host.page.getByRole('button', { name: 'PRESS START' }).click()
        await waitForGame(host.page)
        const invite = await openRoom(host.page)
        await joinRoom(guest.page, invite)
        // The cartridge came through the room; the delay covers a ~100 ms round trip. The ping is the
        // two players' round trips as the server timed them: each is at least the 60 ms it holds a ping.
        await waitForStatus(host.page, /^2 players · ping \d+ ms · delay 6 frames/, 20_000)
        expect(
          Number(/ping (\d+) ms/.exec(await statusLine(host.page))?.[1]),
        ).toBeGreaterThanOrEqual(120)
        const buttons: [Page, string][] = [
          [host.page, 'x'],
          [guest.page, 'z'],
          [host.page, 'ArrowDown'],
          [guest.page, 'Shift'],
          [host.page, 'ArrowRight'],
          [guest.page, 'ArrowLeft'],
        ]
        for (let round = 0; round < 3; round++) {
          for (const [page, key] of buttons) await pressKey(page, key)
        }
        // Both browsers hashed their state after frame 600 (and every 60 frames before): all equal.
        const past600 = async (page: Page) =>
          [...(await stateHashes(page)).keys()].some((f) => f >= 600)
        await expect.poll(() => past600(host.page), { timeout: 30_000 }).toBe(true)
        await expect.poll(() => past600(guest.page), { timeout: 30_000 }).toBe(true)
        const [a, b] = [await stateHashes(host.page), await stateHashes(guest.page)]
        expect(a.get(600)).toMatch(/^[0-9a-f]{16}$/)
        expect(b.get(600)).toBe(a.get(600))
        await waitForStatus(host.page, /0 re-syncs$/)
        for (const { network } of pages) {
          expect(network.foreignRequests(server.baseUrl)).toEqual([])
          expect(network.pageErrors).toEqual([])
        }
      } finally {
        await Promise.all(pages.map((p) => p.close()))
        await server.stop()
      }
    },
    SLOW_TEST_MS,
  )
})
