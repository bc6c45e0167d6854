// The controls dialog: rebinding a key drives the game and survives a reload, controller 2 gets its own
// keys, clashes are refused with a message, and the page's key hints follow the map. The ROM (built by our
// own assembler) records both controllers in RAM, read back with readMemory.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { buildInputProbeRom, PAD_BIT, readProbe } from './support/input-probe'
import { usePageSuite } from './support/page-suite'
import { blurActiveElement, chooseRom, waitForGame } from './support/player-page'

const suite = usePageSuite()

async function startProbe(page: Page): Promise<void> {
  await chooseRom(page, 'probe.nes', buildInputProbeRom())
  await page.getByRole('button', { name: 'PRESS START' }).click()
  await waitForGame(page)
  await blurActiveElement(page)
}

/** Waits (up to 3 s) until the probe sees no button held on either controller. */
async function waitForRelease(page: Page) {
  const deadline = Date.now() + 3000
  let state = await readProbe(page)
  while (Date.now() < deadline && (state.pad1 || state.pad2)) state = await readProbe(page)
}

/**
 * Holds `key` until the probe sees a button on controller `pad` (or 3 s pass), then releases it and waits
 * for the release to reach the game; returns what the probe saw. Starting from an idle pad keeps one
 * key's last frames from being read as the next key's answer.
 */
async function holdKey(page: Page, key: string, pad: 'pad1' | 'pad2' = 'pad1') {
  await waitForRelease(page)
  await page.keyboard.down(key)
  const deadline = Date.now() + 3000
  let state = await readProbe(page)
  while (Date.now() < deadline && !state[pad]) state = await readProbe(page)
  await page.keyboard.up(key)
  await waitForRelease(page)
  return state
}

async function rebind(page: Page, binding: string, key: string): Promise<void> {
  await page.getByRole('button', { name: binding, exact: true }).click()
  await page.getByText('Press a key…').waitFor()
  await page.keyboard.press(key)
}

describe('controls dialog', () => {
  it('rebinds player 1 A to K (kept over a reload) and gives controller 2 its own START', async () => {
    const page = await suite.openPlayer()
    await page.getByRole('button', { name: 'REMAP' }).click()
    const dialog = page.getByRole('dialog', { name: 'Controls' })
    await dialog.waitFor()
    await rebind(page, 'Key for A, player 1', 'k')
    expect(await dialog.getByRole('status').textContent()).toBe('A is K now.')
    // A key in use elsewhere is refused, naming its owner; the binding stays as it was.
    await rebind(page, 'Key for B, player 1', 'Enter')
    expect(await dialog.getByRole('alert').textContent()).toMatch(
      /Enter is already used for Player 1 START/,
    )
    await page.keyboard.press('Escape')
    await dialog.getByRole('button', { name: 'PLAYER 2' }).click()
    await rebind(page, 'Key for START, player 2', 'p')
    await dialog.getByRole('button', { name: 'DONE' }).click()
    expect(await dialog.isVisible()).toBe(false)

    await page.reload()
    // The page's hints follow the map.
    expect(await page.getByText(/Keys: .* K = A,/).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'A (K)' }).count()).toBe(1)
    await startProbe(page)
    expect((await holdKey(page, 'k')).pad1).toBe(PAD_BIT.a)
    expect((await holdKey(page, 'p', 'pad2')).pad2).toBe(PAD_BIT.start)
    // The old key no longer presses A.
    await page.keyboard.down('x')
    await page.waitForTimeout(300)
    const after = await readProbe(page)
    await page.keyboard.up('x')
    expect(after.pad1).toBe(0)
    expect(after.ever2).toBe(PAD_BIT.start)

    // Reset to defaults brings the spec's map back.
    await page.getByRole('button', { name: 'REMAP' }).click()
    await dialog.getByRole('button', { name: 'RESET TO DEFAULTS' }).click()
    await dialog.getByRole('button', { name: 'DONE' }).click()
    expect((await holdKey(page, 'x')).pad1).toBe(PAD_BIT.a)
  })

  it('opens on a phone, fits its screen, and switches scanlines off', async () => {
    const phone = TOUCH_DEVICES[0]!
    const page = await suite.openPlayer(phone)
    await page.getByRole('button', { name: 'REMAP' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Controls' })
    await dialog.waitFor()
    const box = await dialog.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width)
    expect(await page.getByTestId('scanlines').count()).toBe(1)
    await dialog.getByLabel('Scanlines').tap()
    await dialog.getByRole('button', { name: 'DONE' }).tap()
    expect(await page.getByTestId('scanlines').count()).toBe(0)
    await page.reload()
    await page.getByText('INSERT CARTRIDGE').waitFor()
    expect(await page.getByTestId('scanlines').count()).toBe(0)
  })
})

describe('keyboard on a focused control while a game runs', () => {
  it('Enter and Space press the focused button; on the page Enter is still START', async () => {
    const page = await suite.openPlayer()
    await startProbe(page)
    const fast = page.getByRole('button', { name: /^FAST/ })
    await fast.focus()
    await page.keyboard.press('Enter')
    expect(await fast.textContent()).toBe('FAST ×3')
    await page.keyboard.press(' ')
    expect(await fast.textContent()).toBe('FAST MAX')
    await page.keyboard.press('Enter')
    expect(await fast.textContent()).toBe('FAST ×1')
    await page.getByRole('button', { name: 'PAUSE' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'RESUME' }).waitFor({ timeout: 3000 })
    await page.keyboard.press(' ')
    await page.getByRole('button', { name: 'PAUSE' }).waitFor({ timeout: 3000 })
    await page.waitForTimeout(200)
    // None of those reached the game as START.
    expect((await readProbe(page)).ever1 & PAD_BIT.start).toBe(0)

    await blurActiveElement(page)
    expect((await holdKey(page, 'Enter')).pad1).toBe(PAD_BIT.start)

    await page.getByRole('button', { name: 'EJECT' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('INSERT CARTRIDGE').waitFor({ timeout: 5000 })
  })
})
