// The player's flows on touch phones (375×667 portrait, 844×390 landscape), tapped as a finger does: the
// slot opens the file picker, PRESS START, EJECT and a second (dropped) game, leaving the page, the game
// toolbar (pause, resume, reset, mute), the file checks with Try Again, and the not-found screen. Every
// control tapped is in view, on top where the finger lands, and the page never scrolls sideways. A running
// game shows, without scrolling, the lights with their labels, the pad's groups by the spec's names and
// EJECT; the spec's Game Controls texts are on the page; a library game's toast leaves the console's top
// row, the top of the picture, the pad and EJECT uncovered.
import { mkdirSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import { usePageSuite } from './support/page-suite'
import { chooseRom, dropRom, gameIframeCount, isShown, waitForGame } from './support/player-page'
import { buildButtonColorRom, buildSolidColorRom, withTag } from './support/roms'
import { expectToast, libraryItem } from './support/library-page'
import {
  ARTIFACTS,
  isWhollyInView,
  PHONES,
  shoot,
  sidewaysOverflow,
  tapReport,
} from './support/touch-checks'

const suite = usePageSuite()
beforeAll(() => mkdirSync(ARTIFACTS, { recursive: true }))

/** Taps a control after checking a finger can reach it: in view and not covered. */
async function tap(target: Locator): Promise<void> {
  const report = await tapReport(target)
  expect(report, await target.evaluate((e) => e.textContent ?? '')).toMatchObject({
    inView: true,
    onTop: true,
  })
  await target.tap()
}

/** Puts a ROM into the server's library (before the page is opened, so its list shows it). */
async function uploadRom(title: string, color: number): Promise<string> {
  const form = new FormData()
  form.set('title', title)
  const rom = withTag(buildSolidColorRom(color), `${title} ${Date.now()}`)
  form.set('romFile', new Blob([Buffer.from(rom)]), `${title.replace(/\W+/g, '-')}.nes`)
  const res = await fetch(`${suite.baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { rom: { id: string } }).rom.id
}

/**
 * What a running game shows on a phone without scrolling (issue 23 item 11), by name; [] when all is.
 * Landscape gives the game the view's height and puts the console's top row (the lights) under it.
 */
async function outOfView(page: Page, isPortrait: boolean): Promise<string[]> {
  const lights = ['POWER', 'LOADING', 'ERROR'].map((label): [string, Locator] => [
    `${label} light label`,
    page.locator('.lights__label', { hasText: label }),
  ])
  const targets: [string, Locator][] = [
    ['EJECT', page.getByRole('button', { name: 'EJECT' })],
    ...['MOVEMENT', 'ACTIONS', 'SYSTEM'].map((label): [string, Locator] => [
      label,
      page.locator('.player .console h3', { hasText: label }).first(),
    ]),
    ...(isPortrait
      ? [['top row', page.locator('.console__top')] as [string, Locator], ...lights]
      : []),
  ]
  const missing: string[] = []
  for (const [name, target] of targets) {
    if ((await target.count()) === 0 || !(await isWhollyInView(target.first()))) missing.push(name)
  }
  if (!isPortrait) {
    for (const [name, label] of lights) if (!(await isShown(label))) missing.push(name)
  }
  return missing
}

/** What the open toast covers of the console's top row, the picture's top half, the pad and EJECT. */
function coveredByToast(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const element = document.querySelector('.toast')
    if (!element) return ['(no toast)']
    // where the toast stays: during its entrance (150 ms) it lies up to 16 px lower
    await Promise.all(element.getAnimations().map((a) => a.finished))
    const toast = element.getBoundingClientRect()
    const overlaps = (b: DOMRect) =>
      b.left < toast.right && toast.left < b.right && b.top < toast.bottom && toast.top < b.bottom
    const screen = document.querySelector('.player .screen')!.getBoundingClientRect()
    const parts: [string, DOMRect][] = [
      ['top row', document.querySelector('.console__top')!.getBoundingClientRect()],
      ['picture top', new DOMRect(screen.x, screen.y, screen.width, screen.height / 2)],
      ...Array.from(
        document.querySelectorAll<HTMLElement>('.player [data-button], .player .eject'),
      ).map((e): [string, DOMRect] => [e.dataset.button ?? 'EJECT', e.getBoundingClientRect()]),
    ]
    return parts.filter(([, box]) => overlaps(box)).map(([name]) => name)
  })
}

/** Waits until the page has stopped scrolling (a reveal scrolls smoothly). */
async function scrollSettled(page: Page): Promise<void> {
  let last = NaN
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY)
        const steady = now === last
        last = now
        return steady
      },
      { timeout: 5000, interval: 200 },
    )
    .toBe(true)
}

async function startTapped(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await chooseRom(page, name, bytes)
  await tap(page.getByRole('button', { name: 'PRESS START' }))
  await waitForGame(page)
}

describe.each(PHONES)('player flows on $name', (device) => {
  it('taps the empty slot for the file picker, PRESS START, EJECT, then a dropped game, then a library game; leaving stops it', async () => {
    const title = `Library Green ${device.width}`
    const romId = await uploadRom(title, NES_COLOR.green)
    const page = await suite.open(device)
    await page.goto(`${suite.baseUrl}/`)
    expect(await isShown(page.getByText('INSERT CARTRIDGE'))).toBe(true)
    expect(await isShown(page.getByText('DRAG & DROP OR CLICK'))).toBe(true)
    await shoot(page, 'flow-player-empty')
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      tap(page.getByTestId('cartridge-slot')),
    ])
    await chooser.setFiles({
      name: 'red.nes',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildSolidColorRom(NES_COLOR.red)),
    })
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)
    await shoot(page, 'flow-player-ready')
    await tap(page.getByRole('button', { name: 'PRESS START' }))
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'red')).name).toBe('red')
    await scrollSettled(page) // the game's reveal scroll
    await shoot(page, 'flow-player-running')
    expect(await outOfView(page, device.height > device.width)).toEqual([])
    expect(await isShown(page.getByRole('heading', { name: 'Game Controls' }))).toBe(true)
    expect(await isShown(page.getByText('Click buttons or use keyboard controls'))).toBe(true)

    await tap(page.getByRole('button', { name: 'EJECT' }))
    expect(await isShown(page.getByText('INSERT CARTRIDGE'))).toBe(true)
    expect(await gameIframeCount(page)).toBe(0)
    await dropRom(page, 'dropped.nes', buildSolidColorRom(NES_COLOR.blue))
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'blue')).name).toBe('blue')
    expect(await sidewaysOverflow(page)).toBe(0)

    await tap(libraryItem(page, title).getByRole('button', { name: `Load ${title}` }))
    await expectToast(page, 'ROM Loaded', /has been loaded successfully\.$/)
    await scrollSettled(page)
    expect(await coveredByToast(page)).toEqual([])
    await shoot(page, 'flow-player-library-toast')
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'green')).name).toBe('green')
    await fetch(`${suite.baseUrl}/api/roms/${romId}`, { method: 'DELETE' })

    await tap(page.getByRole('link', { name: 'STUDIO', exact: true }))
    await page.waitForURL(`${suite.baseUrl}/editor`)
    await page.waitForFunction(() => window.gameInstance === undefined, undefined, {
      timeout: 10_000,
    })
    expect(await page.locator('iframe.emulator-frame').count()).toBe(0)
  })

  it('pauses, resumes, resets and mutes the game from its toolbar with taps', async () => {
    const page = await suite.open(device)
    await page.goto(`${suite.baseUrl}/`)
    await startTapped(page, 'buttons.nes', buildButtonColorRom(NES_COLOR.grey))
    expect((await waitForFrameColor(page, 'grey')).name).toBe('grey')
    await tap(page.locator('.player [data-button="a"]'))
    expect((await waitForFrameColor(page, 'red')).name).toBe('red')
    const frames = () =>
      page.evaluate(
        () =>
          document
            .querySelector<HTMLIFrameElement>('iframe.emulator-frame:not(.emulator-frame--idle)')
            ?.contentWindow?.nesFrame?.frameCount() ?? -1,
      )
    await tap(page.getByRole('button', { name: 'PAUSE' }))
    const paused = await frames()
    await page.waitForTimeout(400)
    expect(await frames()).toBe(paused)
    await shoot(page, 'flow-player-paused')
    await tap(page.getByRole('button', { name: 'RESUME' }))
    await expect.poll(frames).toBeGreaterThan(paused)
    await tap(page.getByRole('button', { name: 'RESET' }))
    expect((await waitForFrameColor(page, 'grey')).name).toBe('grey')
    await tap(page.getByRole('button', { name: 'MUTE' }))
    await tap(page.getByRole('button', { name: 'UNMUTE' }))
    expect(await page.getByRole('button', { name: 'MUTE' }).count()).toBe(1)
    expect(await sidewaysOverflow(page)).toBe(0)
  })

  it('shows the file checks in view: wrong name, .NES, a tiny file with Try Again, no iNES header', async () => {
    const page = await suite.open(device)
    await page.goto(`${suite.baseUrl}/`)
    await chooseRom(page, 'a-very-long-file-name-for-a-phone-screen.txt', buildSolidColorRom(0x16))
    const alert = page.getByRole('alert')
    expect(await alert.textContent()).toContain(
      'Invalid file format. Please upload a .NES ROM file.',
    )
    expect((await tapReport(alert)).inView).toBe(true)
    await shoot(page, 'flow-player-bad-name')
    await tap(alert.getByRole('button', { name: 'Dismiss' }))

    await chooseRom(page, 'LOUD.NES', buildSolidColorRom(0x16))
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)

    await chooseRom(
      page,
      'a-rather-long-name-of-a-tiny-rom.nes',
      buildSolidColorRom(0x16).slice(0, 1023),
    )
    await tap(page.getByRole('button', { name: 'PRESS START' }))
    const message = page.getByTestId('slot-error')
    expect(await message.textContent()).toBe(
      'Invalid NES ROM file. Please upload a valid .nes file.',
    )
    expect((await tapReport(message)).inView).toBe(true)
    await shoot(page, 'flow-player-error')
    await tap(page.getByRole('button', { name: 'Try Again' }))
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)
    expect(await page.getByTestId('cartridge-name').textContent()).toContain('tiny-rom.nes')
    await shoot(page, 'flow-player-long-name')
    expect(await sidewaysOverflow(page)).toBe(0)

    const notInes = buildSolidColorRom(0x16)
    notInes.set([0x50, 0x4b, 0x03, 0x04], 0)
    await chooseRom(page, 'fake.nes', notInes)
    await tap(page.getByRole('button', { name: 'PRESS START' }))
    expect(await page.getByTestId('slot-error').textContent()).toContain('iNES header')
  })

  it('shows the not-found screen within the phone', async () => {
    const page = await suite.open(device)
    await page.goto(`${suite.baseUrl}/no/such/page`)
    const heading = page.getByRole('heading', { name: '404 Page Not Found' })
    expect((await tapReport(heading)).inView).toBe(true)
    const text = page.getByText('Did you forget to add the page to the router?')
    expect((await tapReport(text)).inView).toBe(true)
    expect(await sidewaysOverflow(page)).toBe(0)
    await shoot(page, 'flow-not-found')
  })
})
