// ROM library panels against the real server (own instance, empty DATA_DIR) and the real emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { launchBrowser, openPage, TOUCH_DEVICES } from './support/browser'
import type { OpenedPage } from './support/browser'
import { waitForFrameColor } from './support/frames'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { NES_COLOR } from './support/nes-colors'
import { buildRom, nromSource } from './support/nrom-program'
import { waitForGame } from './support/player-page'
import { buildSolidColorRom } from './support/roms'
import { serveAppShell } from './support/app-shell'
import {
  chooseForUpload,
  expectToast,
  isRomList,
  libraryItem,
  uploadThroughPanel,
} from './support/library-page'

let server: StartedServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openHome(): Promise<OpenedPage> {
  const opened = await openPage(browser)
  await opened.page.goto(`${server.baseUrl}/`)
  await opened.page.getByRole('heading', { name: 'ROM Library' }).waitFor()
  return opened
}

describe('ROM library', () => {
  it('uploads, lists, loads into the player and deletes a ROM', async () => {
    const { page, network, close } = await openHome()
    try {
      await page.getByText('No ROMs available in library').waitFor()
      await page.getByText('Upload a ROM file to get started').waitFor()
      await page.getByText('Drop your NES ROM here or click to browse').waitFor()
      await page.getByText('Only .NES files are accepted').waitFor()

      const rom = buildSolidColorRom(NES_COLOR.green)
      await chooseForUpload(page, 'green-screen.nes', rom)
      expect(await page.getByLabel('ROM Title').inputValue()).toBe('green-screen')
      await page.getByLabel('ROM Title').fill('  Green Screen  ')
      await page.getByRole('button', { name: 'Upload ROM' }).click()
      await expectToast(page, 'Upload Successful', 'Green Screen has been added to the library.')

      const item = libraryItem(page, 'Green Screen')
      await item.waitFor()
      expect(await item.getByTestId('rom-size').textContent()).toBe('24.0 KB') // 24,592 bytes
      expect(await item.getByTestId('rom-mapper').textContent()).toBe('Mapper 0 · NROM')
      expect(await page.getByLabel('ROM Title').count()).toBe(0) // the form resets after an upload

      await page.getByRole('button', { name: 'Load Green Screen' }).click()
      await expectToast(page, 'ROM Loaded', 'green-screen.nes has been loaded successfully.')
      await waitForGame(page)
      expect(await page.getByTestId('cartridge-name').textContent()).toContain('green-screen.nes')
      const frame = await waitForFrameColor(page, 'green', 20_000)
      expect(frame).toMatchObject({ name: 'green', uniform: true })

      await page.getByRole('button', { name: 'Delete Green Screen' }).click()
      await expectToast(page, 'ROM Deleted', 'The ROM file has been removed from the library.')
      await item.waitFor({ state: 'detached' })
      await page.getByText('No ROMs available in library').waitFor()

      // After a reload the server agrees.
      await page.reload()
      await page.getByText('No ROMs available in library').waitFor()
      expect(network.foreignRequests(server.baseUrl)).toEqual([])
      expect(network.cspViolations).toEqual([])
    } finally {
      await close()
    }
  })

  it('falls back to the file name for an empty title and lists newest first', async () => {
    const { page, close } = await openHome()
    try {
      await uploadThroughPanel(page, 'Blue.NES', buildSolidColorRom(0x12), '   ')
      await expectToast(page, 'Upload Successful', 'Blue has been added to the library.')
      await libraryItem(page, 'Blue').waitFor()
      await uploadThroughPanel(page, 'red.nes', buildSolidColorRom(0x16))
      await libraryItem(page, 'red').waitFor()
      const titles = await page.locator('.rom-item__title').allTextContents()
      expect(titles.indexOf('red')).toBeLessThan(titles.indexOf('Blue'))

      // Dropping a file on the drop area works like choosing it.
      await page.evaluate(
        (data) => {
          const area = document.querySelector('[data-testid=upload-drop]')
          if (!area) throw new Error('No drop area')
          const transfer = new DataTransfer()
          transfer.items.add(new File([new Uint8Array(data)], 'Dropped Game.nes'))
          for (const type of ['dragenter', 'dragover', 'drop']) {
            area.dispatchEvent(
              new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
            )
          }
        },
        Array.from(buildSolidColorRom(0x21)),
      )
      expect(await page.getByLabel('ROM Title').inputValue()).toBe('Dropped Game')
      await page.getByRole('button', { name: 'Upload ROM' }).click()
      await expectToast(page, 'Upload Successful', 'Dropped Game has been added to the library.')
    } finally {
      await close()
    }
  })

  it('shows the right toast for bad files', async () => {
    const { page, close } = await openHome()
    try {
      await chooseForUpload(page, 'notes.txt', new Uint8Array(2048))
      await expectToast(page, 'Invalid File', 'Please upload a .NES ROM file.')
      expect(await page.getByLabel('ROM Title').count()).toBe(0)

      await uploadThroughPanel(page, 'garbage.nes', new Uint8Array(4096).fill(0x42))
      await expectToast(page, 'Upload Failed', /not an iNES ROM image/)

      await uploadThroughPanel(page, 'tiny.nes', buildSolidColorRom(0x2c).subarray(0, 600))
      await expectToast(page, 'Upload Failed', /at least 1024/)

      const truncated = buildSolidColorRom(0x18).subarray(0, 20_000)
      await uploadThroughPanel(page, 'truncated.nes', truncated)
      await expectToast(page, 'Upload Failed', /truncated/)

      const yellow = buildSolidColorRom(0x28)
      await uploadThroughPanel(page, 'yellow.nes', yellow, 'Yellow Original')
      await expectToast(page, 'Upload Successful', /./)
      await uploadThroughPanel(page, 'yellow-copy.nes', yellow, 'Copy')
      await expectToast(
        page,
        'Upload Failed',
        'This ROM is already in the library as "Yellow Original".',
      )

      const huge = new Uint8Array(9 * 1024 * 1024)
      huge.set([0x4e, 0x45, 0x53, 0x1a, 1, 1])
      await uploadThroughPanel(page, 'huge.nes', huge)
      await expectToast(page, 'Upload Failed', /8 MiB limit/)
    } finally {
      await close()
    }
  })

  it('shows the error catalogue toasts when the server fails', async () => {
    const { page, close } = await openHome()
    try {
      await uploadThroughPanel(page, 'orange.nes', buildSolidColorRom(0x27), 'Orange')
      await libraryItem(page, 'Orange').waitFor()

      await page.route('**/api/roms/*', (route) => route.fulfill({ status: 500, body: 'boom' }))
      await page.getByRole('button', { name: 'Load Orange' }).click()
      await expectToast(page, 'Error', 'Failed to load ROM. Please try again.')
      await page.getByRole('button', { name: 'Delete Orange' }).click()
      await expectToast(page, 'Error', 'Failed to delete ROM. Please try again.')
      await libraryItem(page, 'Orange').waitFor()

      // The list is read a page at a time (/api/roms?offset=…): match the path, any query.
      await page.route(isRomList, (route) => route.fulfill({ status: 503, body: 'down' }))
      await page.getByRole('button', { name: 'Refresh' }).click()
      await expectToast(page, 'Error', 'Failed to load ROM library. Please try again.')

      await page.unrouteAll()
      await page.route('**/api/roms', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, body: '{"error":{"code":"InternalError","message":"x"}}' })
          : route.continue(),
      )
      await uploadThroughPanel(page, 'white.nes', buildSolidColorRom(0x30))
      await expectToast(page, 'Upload Failed', 'An error occurred while uploading the ROM file.')
    } finally {
      await close()
    }
  })

  it('shows Loading ROMs... and an upload progress bar on a slow connection', async () => {
    const { page, context, close } = await openHome()
    try {
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => (release = resolve))
      // A page the server pre-rendered has the first page in it; the app shell (a return visit through
      // the service worker) asks for it, and says so while it loads.
      await serveAppShell(page)
      await page.route(isRomList, async (route) => {
        if (route.request().method() === 'GET') await held
        await route.continue()
      })
      await page.reload()
      await page.getByText('Loading ROMs...').waitFor()
      release()
      await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
      await page.unrouteAll()

      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      })
      const big = buildSolidColorRom(0x14)
      const padded = new Uint8Array(big.length + 1024 * 1024)
      padded.set(big)
      await uploadThroughPanel(page, 'purple.nes', padded, 'Purple')
      await page.getByRole('button', { name: 'Uploading...' }).waitFor()
      const progress = page.getByLabel('Upload progress')
      await progress.waitFor()
      // Bytes sent so far move past 0 while the request body (file + multipart framing) is still going.
      await page.waitForFunction(() => {
        const bar = document.querySelector<HTMLProgressElement>(
          'progress[aria-label="Upload progress"]',
        )
        return bar !== null && bar.value > 0 && bar.value < bar.max
      })
      expect(Number(await progress.getAttribute('max'))).toBeGreaterThanOrEqual(padded.length)
      await expectToast(page, 'Upload Successful', 'Purple has been added to the library.')
      await progress.waitFor({ state: 'detached' })
    } finally {
      await close()
    }
  })

  it('searches the library by title on the server', async () => {
    for (const [title, color] of [
      ['Search Mega Man', 0x05],
      ['Search Metroid', 0x06],
      ['Search Zelda', 0x07],
    ] as const) {
      const form = new FormData()
      form.set('title', title)
      form.set('romFile', new Blob([Buffer.from(buildSolidColorRom(color))]), `${color}.nes`)
      const res = await fetch(`${server.baseUrl}/api/roms`, { method: 'POST', body: form })
      expect(res.status).toBe(201)
    }
    const { page, close } = await openHome()
    try {
      await libraryItem(page, 'Search Zelda').waitFor()
      await page.getByLabel('Search the library').fill('search ME')
      await libraryItem(page, 'Search Metroid').waitFor()
      await libraryItem(page, 'Search Zelda').waitFor({ state: 'detached' })
      expect(await libraryItem(page, 'Search Mega Man').count()).toBe(1)
      await page.getByLabel('Search the library').fill('no such game')
      await page.getByText('No ROM title contains “no such game”').waitFor()
    } finally {
      await close()
    }
  })
})

// A ROM name of 100+ letters without a break (seen from QA) used to run out of the toast and off screen.
const DELETE_CONTEXTS = [
  { name: 'desktop', options: {}, color: 'teal', press: (l: Locator) => l.click() },
  {
    name: TOUCH_DEVICES[0]!.name,
    options: TOUCH_DEVICES[0]!,
    color: 'olive',
    press: (l: Locator) => l.tap(),
  },
] as const

// Spec: a delete asks nothing, the row goes at once, and the toast's Undo brings the ROM back while the
// server keeps it (10 s); without Undo it stays gone. The same flow with a mouse and on a touch phone.
describe('delete with Undo', () => {
  for (const { name, options, color, press } of DELETE_CONTEXTS) {
    it(`deletes at once, Undo brings the ROM back and it loads; without Undo it stays gone (${name})`, async () => {
      const { page, close } = await openPage(browser, options)
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      try {
        await page.goto(`${server.baseUrl}/`)
        const title = `Undo ${color}`
        await uploadThroughPanel(
          page,
          `undo-${color}.nes`,
          buildSolidColorRom(NES_COLOR[color]),
          title,
        )
        const item = libraryItem(page, title)
        await item.waitFor()
        const id = await item.getAttribute('data-rom-id')

        // The row goes before the server has answered the DELETE.
        let answer: () => void = () => undefined
        const held = new Promise<void>((resolve) => (answer = resolve))
        await page.route(`**/api/roms/${id}`, async (route) => {
          if (route.request().method() === 'DELETE') await held
          await route.continue()
        })
        await press(page.getByRole('button', { name: `Delete ${title}` }))
        await item.waitFor({ state: 'detached' })
        answer()
        await expectToast(page, 'ROM Deleted', 'The ROM file has been removed from the library.')
        await page.unrouteAll()
        // The Undo toast outlasts the usual 5 s: it stays for the server's 10 s undo window.
        await page.waitForTimeout(6000)
        await press(page.locator('.toast').getByRole('button', { name: 'Undo' }))
        await expectToast(page, 'ROM Restored', `${title} is back in the library.`)
        await item.waitFor()
        await press(page.getByRole('button', { name: `Load ${title}` }))
        await expectToast(page, 'ROM Loaded', `undo-${color}.nes has been loaded successfully.`)
        await waitForGame(page)
        expect(await waitForFrameColor(page, color, 20_000)).toMatchObject({ name: color })

        await press(page.getByRole('button', { name: `Delete ${title}` }))
        await item.waitFor({ state: 'detached' })
        await expectToast(page, 'ROM Deleted', 'The ROM file has been removed from the library.')
        await page.reload()
        await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
        await page.locator('[data-testid=rom-item], .library__empty').first().waitFor() // listed
        expect(await item.count()).toBe(0)
        expect((await page.request.get(`${server.baseUrl}/api/roms/${id}`)).status()).toBe(404)
        expect(dialogs).toEqual([])
      } finally {
        await close()
      }
    })
  }
})

describe('write-protected library (LIBRARY_TOKEN)', () => {
  it('reads without the token, and unlocks uploads with it', async () => {
    const locked = await startServer({ LIBRARY_TOKEN: 'e2e-library-token-123' })
    const opened = await openPage(browser)
    try {
      const { page } = opened
      await page.goto(`${locked.baseUrl}/`)
      await page.getByText('No ROMs available in library').waitFor()
      await page.getByLabel('Library token').fill('not the token')
      await page.getByRole('button', { name: 'Unlock' }).click()
      await page.getByRole('alert').filter({ hasText: 'not the library token' }).waitFor()
      await page.getByLabel('Library token').fill('e2e-library-token-123')
      await page.getByRole('button', { name: 'Unlock' }).click()
      await page.getByLabel('Library token').waitFor({ state: 'detached' })
      await uploadThroughPanel(page, 'locked.nes', buildSolidColorRom(0x09), 'Unlocked upload')
      await libraryItem(page, 'Unlocked upload').waitFor()
    } finally {
      await opened.close()
      await locked.stop()
    }
  })
})

// A library larger than the first page: a page the server rendered carries the first page (no request
// for it), and the list reads the next page when it is scrolled to its end; the app shell (no
// pre-rendering) reads the first page once, from the request index.html's preload starts (the list
// adopts it rather than asking again). With a mouse and on a touch phone.
describe('a library of several pages', () => {
  let paged: StartedServer
  beforeAll(async () => {
    paged = await startServer()
    for (let i = 1; i <= 60; i++) {
      const form = new FormData()
      form.set('title', `Paged ROM ${String(i).padStart(2, '0')}`)
      const rom = buildRom(nromSource({ mirroring: 1, nmi: '', chrByte: i }))
      form.set('romFile', new Blob([Buffer.from(rom)]), `paged-${i}.nes`)
      const res = await fetch(`${paged.baseUrl}/api/roms`, { method: 'POST', body: form })
      expect(res.status).toBe(201)
    }
  })
  afterAll(async () => {
    await paged?.stop()
  })

  for (const { name, options } of [
    { name: 'desktop', options: {} },
    { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]! },
  ]) {
    it(`has the first page in the page (or reads it once) and the rest on scrolling (${name})`, async () => {
      const { page, close } = await openPage(browser, options)
      try {
        const lists: string[] = []
        page.on('request', (request) => {
          const url = new URL(request.url())
          if (isRomList(url)) lists.push(url.search)
        })
        const html = await (await fetch(`${paged.baseUrl}/`)).text()
        expect(html).toContain('Paged ROM 60')
        await page.goto(`${paged.baseUrl}/`)
        await libraryItem(page, 'Paged ROM 60').waitFor()
        expect(await page.getByLabel('Search the library').getAttribute('placeholder')).toBe(
          'Search 60 ROMs',
        )
        await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'))
        expect(lists).toEqual([])
        await page.getByTestId('rom-list').evaluate((list) => {
          const scroller = list.parentElement as HTMLElement
          scroller.scrollTop = scroller.scrollHeight
        })
        await libraryItem(page, 'Paged ROM 01').waitFor()
        expect(lists).toEqual(['?offset=40&limit=100'])

        lists.length = 0
        await serveAppShell(page)
        await page.reload()
        await libraryItem(page, 'Paged ROM 60').waitFor()
        expect(lists).toEqual(['?offset=0&limit=40'])
      } finally {
        await close()
      }
    })
  }
})
