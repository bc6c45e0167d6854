// Studio benchmark: a large NESASM project through the studio (issue 23): Import .zip until the project is shown
// and saved in IndexedDB, COMPILE & RUN until the ROM is built (and the assembler's own time in its worker), and a
// reload until the saved project is shown again. Median of RUNS, each in a fresh browser context (empty storage).
// Needs a build: `npm run build`, then
//   npx tsx bench/studio/import-build.ts [folder or .zip]
// A folder (e.g. a checkout of captainsouthbird/smb3) is zipped first, without its .git; without an argument the
// generated project of SMB3's shape (e2e/support/large-project.ts, 855 files, 6.8 MB) is used.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { zipSync } from 'fflate'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { smb3ShapedProject } from '../../e2e/support/large-project'

const RUNS = Number(process.env.RUNS ?? 5)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function readFolder(root: string, dir = root, out: Record<string, Uint8Array> = {}) {
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) readFolder(root, full, out)
    else out[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full)
  }
  return out
}

/** The zip to import and what it holds. */
function projectZip(arg: string | undefined): { zip: Uint8Array; files: number; bytes: number } {
  const files = !arg
    ? smb3ShapedProject().files
    : arg.endsWith('.zip')
      ? undefined
      : readFolder(path.resolve(arg))
  if (!files) {
    const zip = readFileSync(arg!)
    return { zip, files: 0, bytes: zip.length }
  }
  const bytes = Object.values(files).reduce((sum, b) => sum + b.length, 0)
  return { zip: zipSync(files, { level: 6 }), files: Object.keys(files).length, bytes }
}

/** Ms from choosing the zip until the tree shows the project and IndexedDB holds all its files. */
async function importMs(page: Page, zip: Uint8Array): Promise<number> {
  page.once('dialog', (dialog) => void dialog.accept())
  const started = Date.now()
  await page.getByTestId('import-zip').setInputFiles({
    name: 'project.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  })
  await page.locator('.toast', { hasText: 'Project Imported' }).waitFor({ timeout: 60_000 })
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('nes-studio-studio')
        open.onsuccess = () => {
          const read = open.result.transaction('projects').objectStore('projects').get('project')
          read.onsuccess = () => {
            const files = (read.result as { files?: unknown[] } | undefined)?.files?.length ?? 0
            const shown = document.querySelectorAll('.studio-tree__name').length
            open.result.close()
            resolve(files > 1 && shown > 0)
          }
        }
        open.onerror = () => resolve(false)
      }),
    undefined,
    { timeout: 60_000, polling: 50 },
  )
  return Date.now() - started
}

/** Ms from COMPILE & RUN until the ROM is ready (Download .nes enabled), and the assembler's ms in the worker. */
async function buildMs(page: Page): Promise<[number, number]> {
  const started = Date.now()
  await page.getByRole('button', { name: 'COMPILE & RUN' }).click()
  const download = page.getByRole('button', { name: 'Download .nes' })
  while (!(await download.isEnabled())) {
    if (await page.getByTestId('compile-error').count())
      throw new Error(`the build failed: ${await page.getByTestId('compile-error').textContent()}`)
    await page.waitForTimeout(20)
  }
  const took = Date.now() - started
  const text = (await page.getByTestId('assembly-time').textContent()) ?? ''
  return [took, Number(/assembled in ([\d.]+) ms/.exec(text)?.[1] ?? NaN)]
}

async function oneRun(browser: Browser, baseUrl: string, zip: Uint8Array) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    const imported = await importMs(page, zip)
    const [built, assembler] = await buildMs(page)
    const started = Date.now()
    await page.reload()
    await page.locator('.studio-tree__name').first().waitFor({ timeout: 60_000 })
    const reloaded = Date.now() - started
    const files = await page.locator('.studio-tree__name').count()
    return { imported, built, assembler, reloaded, rows: files }
  } finally {
    await context.close()
  }
}

async function main(): Promise<void> {
  const project = projectZip(process.argv[2])
  const external = process.env.E2E_BASE_URL
  const server = external ? undefined : await startServer()
  const baseUrl = external ?? server!.baseUrl
  const browser = await launchBrowser()
  try {
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, baseUrl, project.zip))
    const show = (label: string, values: number[]) =>
      console.log(
        `  ${label} median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`,
      )
    console.log(
      `studio: ${process.argv[2] ?? 'generated SMB3-shaped project'}: ${project.files} files, ${(project.bytes / 1e6).toFixed(2)} MB (zip ${(project.zip.length / 1e6).toFixed(2)} MB), ${RUNS} runs`,
    )
    show(
      'Import .zip -> shown and saved in IndexedDB:',
      runs.map((r) => r.imported),
    )
    show(
      'COMPILE & RUN -> ROM built:                ',
      runs.map((r) => r.built),
    )
    show(
      '  of which the assembler in its worker:    ',
      runs.map((r) => r.assembler),
    )
    show(
      'reload -> the saved project shown:          ',
      runs.map((r) => r.reloaded),
    )
    console.log(`  tree rows after the reload: ${runs.map((r) => r.rows).join(', ')}`)
  } finally {
    await browser.close()
    await server?.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
