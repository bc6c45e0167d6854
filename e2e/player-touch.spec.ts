// The player on touch screens: games start (EmulatorJS's virtual-gamepad crash is gone), the game and the
// whole pad are in view once a game has started with a tap on PRESS START, on phones and a touch laptop, fingers hold buttons for as long as they
// stay, several fingers hold several buttons, and the studio preview starts too. Touches are sent through
// CDP (Input.dispatchTouchEvent), as a touch screen sends them; the ROM is built by our own assembler.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { buildInputProbeRom, PAD_BIT, readProbe } from './support/input-probe'
import type { ProbeState } from './support/input-probe'
import { usePageSuite } from './support/page-suite'
import { chooseRom, waitForGame } from './support/player-page'
import { waitForFrameTint, waitForGreenFrame } from './support/studio-frames'
import { compileButton, setEditorText } from './support/studio-page'
import { BUTTON_PROGRAM } from './support/studio-programs'
import { saveScreenshot } from './support/artifacts'

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts')
const suite = usePageSuite()
beforeAll(() => {
  mkdirSync(artifacts, { recursive: true })
})

const PHONE = TOUCH_DEVICES[0]!
/** Frames of the game a finger holds RIGHT in 'holds RIGHT…'. */
const HELD_FRAMES = 60

/**
 * Starts the input probe with a tap on PRESS START (scrolled to the middle of the view first, as
 * Playwright does: on a phone the screen is then partly out of sight) and waits until the player has
 * brought the game into view and the page has stopped scrolling.
 */
async function startProbe(page: Page): Promise<void> {
  await page.goto(`${suite.baseUrl}/`)
  await chooseRom(page, 'probe.nes', buildInputProbeRom())
  await page.getByRole('button', { name: 'PRESS START' }).tap()
  await waitForGame(page)
  await waitUntilInView(page, '.player .game-display__frame')
}

/** Waits until the element is wholly in the view and the page has stopped scrolling. */
async function waitUntilInView(page: Page, selector: string): Promise<void> {
  let last = NaN
  await expect
    .poll(
      async () => {
        const view = await page.evaluate((s) => {
          const box = document.querySelector(s)?.getBoundingClientRect()
          const inView = box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight
          return { inView, scrollY: window.scrollY }
        }, selector)
        const steady = view.scrollY === last
        last = view.scrollY
        return view.inView && steady
      },
      { timeout: 5000, interval: 150 },
    )
    .toBe(true)
}

/** The centre of an on-screen pad button, in viewport coordinates. */
async function centreOf(
  page: Page,
  button: string,
  scope = '.player',
): Promise<{ x: number; y: number }> {
  const box = await page.locator(`${scope} [data-button="${button}"]`).first().boundingBox()
  if (!box) throw new Error(`No on-screen ${button} button`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

type Point = { x: number; y: number }
function touches(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  return cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 8, radiusY: 8 })),
  })
}

/** Waits until the probe has seen `frames` more frames than in `since`. */
async function waitFrames(page: Page, since: ProbeState, frames: number): Promise<ProbeState> {
  for (;;) {
    const now = await readProbe(page)
    if (now.frames - since.frames >= frames) return now
    await page.waitForTimeout(50)
  }
}

describe('touch screens', () => {
  it.each(TOUCH_DEVICES)(
    '$name: a game starts, and the game and every pad button are in view',
    async (device) => {
      const page = await suite.open(device)
      await startProbe(page)
      expect((await readProbe(page)).frames).toBeGreaterThan(0)
      const viewport = { width: device.width, height: device.height }
      const boxes = await page
        .locator('.player [data-button], .player .game-display__frame')
        .evaluateAll((elements) =>
          elements.map((e) => {
            const r = e.getBoundingClientRect()
            return { name: (e as HTMLElement).dataset.button ?? 'game', ...r.toJSON() }
          }),
        )
      expect(boxes.map((b) => b.name).sort()).toEqual(
        ['a', 'b', 'down', 'game', 'left', 'right', 'select', 'start', 'up'].sort(),
      )
      for (const box of boxes) {
        expect(box.left, box.name).toBeGreaterThanOrEqual(0)
        expect(box.top, box.name).toBeGreaterThanOrEqual(0)
        expect(box.right, box.name).toBeLessThanOrEqual(viewport.width)
        expect(box.bottom, box.name).toBeLessThanOrEqual(viewport.height)
      }
      // The game is large: in portrait it spans most of the width, in landscape most of the height.
      const game = boxes.find((b) => b.name === 'game')!
      const portrait = device.height > device.width
      if (portrait) expect(game.width).toBeGreaterThan(device.width * 0.8)
      else expect(game.height).toBeGreaterThan(device.height * 0.6)
      await saveScreenshot(page, path.join(artifacts, `touch-${device.width}x${device.height}.png`))
    },
  )

  it('holds RIGHT for as long as a finger stays on it, and releases it when the finger lifts', async () => {
    const page = await suite.open(PHONE)
    await startProbe(page)
    const cdp = await page.context().newCDPSession(page)
    const right = await centreOf(page, 'right')
    await touches(cdp, 'touchStart', [right])
    let pressed = await readProbe(page)
    while (!(pressed.pad1 & PAD_BIT.right)) pressed = await readProbe(page)
    // The finger stays for 60 of the game's frames (a second at full speed; counted in frames, not wall
    // time, so a game slowed to 7 FPS on a loaded machine is held just as long in its own time).
    const held = await waitFrames(page, pressed, HELD_FRAMES)
    await touches(cdp, 'touchEnd', [])
    const frames = held.frames - pressed.frames
    const rightFrames = held.rightFrames - pressed.rightFrames
    expect(frames).toBeGreaterThanOrEqual(HELD_FRAMES)
    // Every one of those frames saw RIGHT held (a tap gives 100 ms: about 6 frames).
    expect(rightFrames).toBe(frames)
    const released = await waitFrames(page, await readProbe(page), 10)
    expect(released.pad1 & PAD_BIT.right).toBe(0)
  })

  it('holds RIGHT and A with two fingers, B and A with one thumb on the gap between them', async () => {
    const page = await suite.open(PHONE)
    await startProbe(page)
    const cdp = await page.context().newCDPSession(page)
    const [right, a, b] = await Promise.all(['right', 'a', 'b'].map((n) => centreOf(page, n)))
    const start = await readProbe(page)
    await touches(cdp, 'touchStart', [right!, a!])
    const both = await waitFrames(page, start, 20)
    await touches(cdp, 'touchEnd', [])
    expect(both.pad1 & (PAD_BIT.right | PAD_BIT.a)).toBe(PAD_BIT.right | PAD_BIT.a)
    expect(both.rightAndAFrames - start.rightAndAFrames).toBeGreaterThanOrEqual(10)

    const gap = { x: (a!.x + b!.x) / 2, y: a!.y }
    const beforeGap = await waitFrames(page, await readProbe(page), 5)
    await touches(cdp, 'touchStart', [gap])
    const thumb = await waitFrames(page, beforeGap, 20)
    await touches(cdp, 'touchEnd', [])
    expect(thumb.pad1 & (PAD_BIT.a | PAD_BIT.b)).toBe(PAD_BIT.a | PAD_BIT.b)
    expect(thumb.aAndBFrames - beforeGap.aAndBFrames).toBeGreaterThanOrEqual(10)
  })

  it('changes direction as a finger slides across the d-pad; its corners give diagonals', async () => {
    const page = await suite.open(PHONE)
    await startProbe(page)
    const cdp = await page.context().newCDPSession(page)
    const [left, right, up] = await Promise.all(
      ['left', 'right', 'up'].map((n) => centreOf(page, n)),
    )
    const directions = PAD_BIT.up | PAD_BIT.down | PAD_BIT.left | PAD_BIT.right
    const settle = async () => (await waitFrames(page, await readProbe(page), 8)).pad1 & directions

    await touches(cdp, 'touchStart', [left!])
    expect(await settle()).toBe(PAD_BIT.left)
    await touches(cdp, 'touchMove', [right!])
    expect(await settle()).toBe(PAD_BIT.right)
    await touches(cdp, 'touchMove', [{ x: right!.x, y: up!.y }])
    expect(await settle()).toBe(PAD_BIT.right | PAD_BIT.up)
    await touches(cdp, 'touchEnd', [])
    expect(await settle()).toBe(0)
  })

  it('fullscreen on a phone: the game at full height, the pad drawn over its sides', async () => {
    const landscape = TOUCH_DEVICES[2]!
    const page = await suite.open(landscape)
    await startProbe(page)
    await page.getByRole('button', { name: 'FULLSCREEN' }).tap()
    await page.waitForFunction(() => document.fullscreenElement !== null)
    // fullscreenElement is set before the browser has laid the page out at the screen's size (CI saw the
    // frame still 346 px high at that moment): wait for the layout, then check it.
    const frame = page.locator('.game-display__frame')
    await expect
      .poll(async () => Math.round((await frame.boundingBox())!.height), { timeout: 5_000 })
      .toBe(landscape.height)
    for (const button of ['left', 'right', 'up', 'down', 'a', 'b', 'select', 'start']) {
      const box = await page.locator(`.player [data-button="${button}"]`).first().boundingBox()
      expect(box!.y + box!.height, button).toBeLessThanOrEqual(landscape.height)
      expect(box!.x + box!.width, button).toBeLessThanOrEqual(landscape.width)
    }
    // The pad still plays in fullscreen.
    const cdp = await page.context().newCDPSession(page)
    await touches(cdp, 'touchStart', [await centreOf(page, 'a')])
    let seen = await readProbe(page)
    for (let i = 0; i < 40 && !(seen.pad1 & PAD_BIT.a); i++) seen = await readProbe(page)
    await touches(cdp, 'touchEnd', [])
    expect(seen.pad1 & PAD_BIT.a).toBe(PAD_BIT.a)
    await saveScreenshot(page, path.join(artifacts, 'touch-fullscreen-844x390.png'))
  })

  it('turning the phone mid-game keeps the game in view, unless the visitor scrolled away', async () => {
    const page = await suite.open(PHONE)
    await startProbe(page)
    // Portrait to landscape: the page keeps its scroll, which left the screen's top above the view.
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width })
    // The whole screen (its black bars too), not only the picture, which sits lower inside it.
    await waitUntilInView(page, '.player .game-display')
    // the layout follows the media queries in a render of its own
    await expect.poll(() => page.locator('.player').getAttribute('data-layout')).toBe('landscape')
    await saveScreenshot(page, path.join(artifacts, 'touch-turned-667x375.png'))
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height })
    await waitUntilInView(page, '.player .game-display')

    // Scrolled down to the library, the game is left where it is when the phone turns.
    await page
      .getByRole('heading', { name: 'ROM Library' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start', behavior: 'instant' }))
    // The page hears of a scroll at its next frame (scroll events come before its animation frames).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width })
    await page.waitForTimeout(1000)
    const box = await page.locator('.player .game-display').boundingBox()
    expect(box!.y + box!.height).toBeLessThanOrEqual(0)
  })

  it('starts the studio preview on a phone, in view', async () => {
    const page = await suite.open(PHONE)
    await page.goto(`${suite.baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await compileButton(page).tap()
    await page.waitForFunction(() => window.gameInstance !== undefined, undefined, {
      timeout: 30_000,
    })
    expect(await waitForGreenFrame(page)).toMatchObject({ green: true })
    // The preview is far below COMPILE & RUN on a phone: the studio brings it into view.
    await waitUntilInView(page, '[data-testid=preview-screen]')
    await saveScreenshot(page, path.join(artifacts, 'touch-studio-375x667.png'), { fullPage: true })
  })

  it('plays the studio preview with its on-screen pad on a phone', async () => {
    const page = await suite.open(PHONE)
    await page.goto(`${suite.baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await setEditorText(page, BUTTON_PROGRAM)
    await compileButton(page).tap()
    expect(await waitForFrameTint(page, 'green', 30_000)).toBe(true)
    await waitUntilInView(page, '[data-testid=preview-screen]')
    const pad = page.getByTestId('nes-pad')
    await pad.scrollIntoViewIfNeeded()
    const cdp = await page.context().newCDPSession(page)
    const a = await centreOf(page, 'a', '.studio-preview')
    await touches(cdp, 'touchStart', [a])
    expect(await waitForFrameTint(page, 'red')).toBe(true)
    expect(await pad.locator('[data-button="a"]').getAttribute('data-pressed')).toBe('true')
    await touches(cdp, 'touchEnd', [])
    expect(await waitForFrameTint(page, 'green')).toBe(true)
  })
})
