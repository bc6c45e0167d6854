// The player page against the real server, EmulatorJS and fceumm, with ROMs built in code. Colours are
// read from the emulator's raw frame (its screenshot), not from the scaled canvas.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { waitForFrameColor } from './support/frames'
import { usePageSuite } from './support/page-suite'
import { BUTTON_COLOR_NAMES, NES_COLOR, STANDARD_BUTTON_ORDER } from './support/nes-colors'
import type { NesButtonName } from './support/nes-colors'
import {
  blurActiveElement,
  chooseRom,
  dropRom,
  gameIframeCount,
  highlightedButtons,
  isHidden,
  isShown,
  recordPressedHighlights,
  waitForGame,
} from './support/player-page'
import { buildButtonColorRom, buildSolidColorRom } from './support/roms'

const { baseUrl, open, openPlayer, sharedPage } = usePageSuite()

const ON_SCREEN_LABEL: Record<NesButtonName, string> = {
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  a: 'A',
  b: 'B',
  select: 'Select',
  start: 'Start',
}

const KEY_FOR: Record<NesButtonName, string> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  a: 'x',
  b: 'z',
  select: 'Shift',
  start: 'Enter',
}

/** Every button, in the order the controller reports them. */
const BUTTON_SEQUENCE = STANDARD_BUTTON_ORDER

describe('player', () => {
  it('shows the empty slot, then CARTRIDGE READY, and PRESS START shows the game colour', async () => {
    const page = await openPlayer()
    expect(await isShown(page.getByText('INSERT CARTRIDGE'))).toBe(true)
    expect(await isShown(page.getByText('.NES files only'))).toBe(true)
    expect(await isShown(page.getByText('DRAG & DROP OR CLICK'))).toBe(true)
    expect(await isHidden(page.getByTestId('game-display'))).toBe(true)

    await chooseRom(page, 'red.nes', buildSolidColorRom(NES_COLOR.red))
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)
    expect(await page.getByTestId('cartridge-name').textContent()).toContain('red.nes')

    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    const color = await waitForFrameColor(page, 'red')
    expect(color).toMatchObject({ name: 'red', uniform: true })
    expect(
      await page.getByTestId('game-display').evaluate((e) => getComputedStyle(e).display),
    ).toBe('flex')
    expect(await isShown(page.getByRole('button', { name: 'EJECT' }))).toBe(true)
    await expect
      .poll(() => page.getByTestId('fps').textContent(), { timeout: 5000 })
      .toMatch(/FPS [1-9]\d*/)
    expect(await page.getByTestId('light-loading').getAttribute('data-on')).toBe('false')
    expect(await page.getByTestId('light-error').getAttribute('data-on')).toBe('false')
  })

  it('EJECT hides the screen and a second game starts in the same page', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'red.nes', buildSolidColorRom(NES_COLOR.red))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'red')).name).toBe('red')

    await page.getByRole('button', { name: 'EJECT' }).click()
    expect(await isHidden(page.getByTestId('game-display'))).toBe(true)
    expect(await isShown(page.getByText('INSERT CARTRIDGE'))).toBe(true)
    expect(await page.evaluate(() => window.gameInstance === undefined)).toBe(true)
    expect(await gameIframeCount(page)).toBe(0)

    await chooseRom(page, 'green.nes', buildSolidColorRom(NES_COLOR.green))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'green')).name).toBe('green')
    expect(await gameIframeCount(page)).toBe(1)
  })

  it('starts a dropped file by itself', async () => {
    const page = await openPlayer()
    await dropRom(page, 'dropped.nes', buildSolidColorRom(NES_COLOR.blue))
    // No PRESS START: CARTRIDGE READY shows only until the dropped cartridge starts, which may be before a
    // check could see it, so the test looks at what stays: the game, NOW PLAYING and the cartridge's name.
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'blue')).name).toBe('blue')
    expect(await isShown(page.getByText('NOW PLAYING', { exact: true }))).toBe(true)
    expect(await isShown(page.getByText('dropped.nes', { exact: true }).first())).toBe(true)
    expect(await page.getByRole('button', { name: 'PRESS START' }).count()).toBe(0)
  })

  it('leaving the page stops the game', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'red.nes', buildSolidColorRom(NES_COLOR.red))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    await page.getByRole('link', { name: 'STUDIO', exact: true }).click()
    await page.waitForURL(`${baseUrl}/editor`)
    await page.waitForFunction(() => window.gameInstance === undefined, undefined, {
      timeout: 10_000,
    })
    expect(await page.locator('iframe.emulator-frame').count()).toBe(0)
  })
})

/** Emulated frames of the running game (its frame's counter), -1 without one. */
const frameCount = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>(
      'iframe.emulator-frame:not(.emulator-frame--idle)',
    )
    return frame?.contentWindow?.nesFrame?.frameCount() ?? -1
  })

describe('player, one running game of the button ROM', () => {
  // One boot for three flows of the same ROM. The pause flow runs first and ends with RESET, so the
  // buttons flow starts from the game's grey as from a fresh start; every flow lets go of every key.
  const buttonsGame = sharedPage({ width: 1280 }, async (page) => {
    await page.goto(`${baseUrl}/`)
    await chooseRom(page, 'buttons.nes', buildButtonColorRom(NES_COLOR.grey))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
  })

  it('pauses, resumes and resets the game, and reads its memory', async () => {
    const page = await buttonsGame()
    // The ROM keeps its colour in zero-page $00.
    expect(
      await page.evaluate(async () => [...(await window.gameInstance!.readMemory(0, 1))]),
    ).toEqual([NES_COLOR.grey])
    await page.getByRole('button', { name: 'A (' }).click()
    expect((await waitForFrameColor(page, 'red')).name).toBe('red')
    expect(
      await page.evaluate(async () => [...(await window.gameInstance!.readMemory(0, 1))]),
    ).toEqual([NES_COLOR.red])

    await page.getByRole('button', { name: 'PAUSE' }).click()
    const paused = await frameCount(page)
    await page.waitForTimeout(500)
    expect(await frameCount(page)).toBe(paused)
    await page.getByRole('button', { name: 'RESUME' }).click()
    await expect.poll(() => frameCount(page)).toBeGreaterThan(paused)

    await page.getByRole('button', { name: 'RESET' }).click()
    expect((await waitForFrameColor(page, 'grey')).name).toBe('grey')
  })

  it('changes the colour with each on-screen button and each key', async () => {
    const page = await buttonsGame()
    expect((await waitForFrameColor(page, 'grey')).name).toBe('grey')

    await recordPressedHighlights(page)
    for (const button of BUTTON_SEQUENCE) {
      const control = page.getByRole('button', { name: `${ON_SCREEN_LABEL[button]} (` })
      await control.click()
      const color = await waitForFrameColor(page, BUTTON_COLOR_NAMES[button])
      expect({ button, ...color }).toMatchObject({ button, name: BUTTON_COLOR_NAMES[button] })
    }

    // Every click lit its button (the highlight lasts 150 ms, so it is recorded, not sampled).
    expect(await highlightedButtons(page)).toEqual(expect.arrayContaining([...BUTTON_SEQUENCE]))

    await blurActiveElement(page)
    for (const button of BUTTON_SEQUENCE) {
      await page.keyboard.down(KEY_FOR[button])
      const color = await waitForFrameColor(page, BUTTON_COLOR_NAMES[button])
      await page.keyboard.up(KEY_FOR[button])
      expect({ key: KEY_FOR[button], ...color }).toMatchObject({ name: BUTTON_COLOR_NAMES[button] })
    }
  })

  it('plays with the keyboard when the game screen itself has focus', async () => {
    const page = await buttonsGame()
    await page.locator('iframe.emulator-frame:not(.emulator-frame--idle)').click()
    for (const button of ['a', 'start', 'left'] as const) {
      await page.keyboard.down(KEY_FOR[button])
      const color = await waitForFrameColor(page, BUTTON_COLOR_NAMES[button])
      await page.keyboard.up(KEY_FOR[button])
      expect({ key: KEY_FOR[button], ...color }).toMatchObject({ name: BUTTON_COLOR_NAMES[button] })
    }
  })
})

describe('player, other inputs', () => {
  it('plays with a standard-mapping gamepad', async () => {
    const page = await open()
    // A virtual pad: the Gamepad API cannot be driven from outside, so the page's getGamepads() is replaced.
    await page.addInitScript(() => {
      const buttons = Array.from({ length: 17 }, () => ({
        pressed: false,
        touched: false,
        value: 0,
      }))
      const pad = {
        id: 'virtual',
        index: 0,
        connected: true,
        mapping: 'standard',
        axes: [0, 0, 0, 0],
        buttons,
      }
      ;(window as unknown as { __pad: typeof pad }).__pad = pad
      navigator.getGamepads = () => [pad as unknown as Gamepad]
    })
    await page.goto(`${baseUrl}/`)
    await chooseRom(page, 'buttons.nes', buildButtonColorRom(NES_COLOR.grey))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    const setPad = (index: number, pressed: boolean) =>
      page.evaluate(
        ({ index, pressed }) => {
          const pad = (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad
          const button = pad.buttons[index]
          if (button) button.pressed = pressed
        },
        { index, pressed },
      )
    // Standard layout: 1 = right face button (A), 0 = bottom (B), 9 = start, 14 = d-pad left.
    for (const [index, button] of [
      [1, 'a'],
      [0, 'b'],
      [9, 'start'],
      [14, 'left'],
    ] as const) {
      await setPad(index, true)
      const color = await waitForFrameColor(page, BUTTON_COLOR_NAMES[button])
      await setPad(index, false)
      expect({ index, ...color }).toMatchObject({ name: BUTTON_COLOR_NAMES[button] })
    }
  })

  it('keeps at most one running and one idle emulator frame over several games', async () => {
    const page = await openPlayer()
    for (const [name, color] of [
      ['red', NES_COLOR.red],
      ['green', NES_COLOR.green],
      ['blue', NES_COLOR.blue],
    ] as const) {
      await chooseRom(page, `${name}.nes`, buildSolidColorRom(color))
      await page.getByRole('button', { name: 'PRESS START' }).click()
      await waitForGame(page)
      expect((await waitForFrameColor(page, name)).name).toBe(name)
      expect(await page.locator('iframe.emulator-frame').count()).toBeLessThanOrEqual(2)
      await page.getByRole('button', { name: 'EJECT' }).click()
      expect(await gameIframeCount(page)).toBe(0)
    }
  })
})

describe('player, game options', () => {
  it('mutes and unmutes the sound, and goes fullscreen', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'green.nes', buildSolidColorRom(NES_COLOR.green))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    // The gain of the core's OpenAL source(s), read from inside the running emulator frame.
    const gains = () =>
      page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>(
          'iframe.emulator-frame:not(.emulator-frame--idle)',
        )
        type Al = { currentCtx?: { sources?: Record<string, { gain: GainNode }> } }
        const win = frame?.contentWindow as unknown as { EJS_emulator?: { Module?: { AL?: Al } } }
        const sources = win.EJS_emulator?.Module?.AL?.currentCtx?.sources ?? {}
        return Object.values(sources).map((source) => source.gain.gain.value)
      })
    expect((await gains()).length).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'MUTE' }).click()
    expect(new Set(await gains())).toEqual(new Set([0]))
    await page.getByRole('button', { name: 'UNMUTE' }).click()
    expect(Math.min(...(await gains()))).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'FULLSCREEN' }).click()
    await page.waitForFunction(() => document.fullscreenElement !== null)
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe(
      'game-canvas',
    )
  })
})
