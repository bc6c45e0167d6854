import { writeFileSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import type { PageRenderInput, PageRenderModule } from '@nes-studio/shared'
import { FAKE_INDEX_HTML } from '../test/static-dirs'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { createPagePrerender, loadPageRenderModule } from './page-render'

let current: TestApp | undefined
afterEach(async () => {
  await current?.close()
  current = undefined
})

/** A renderer that writes what it was given into the root, and remembers each call. */
function fakeRenderer(render?: PageRenderModule['renderPage']) {
  const calls: PageRenderInput[] = []
  const module: PageRenderModule = {
    renderPage: async (template, input) => {
      calls.push(input)
      if (render) return render(template, input)
      const titles = input.firstRomPage.roms.map((rom) => rom.title).join('|')
      return template.replace(
        '<div id="root"></div>',
        `<div id="root">${input.url} ${titles}</div>`,
      )
    },
  }
  return { module, calls }
}

async function start(pageRenderer: PageRenderModule): Promise<TestApp> {
  current = await createTestApp({ pageRenderer })
  return current
}

const upload = (t: TestApp, seed: number, title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(buildRom({ seed }), `g${seed}.nes`, title),
  })

describe('pre-rendered pages', () => {
  it('renders / and /play/:romId with the same first page GET /api/roms?offset=0&limit=40 answers', async () => {
    const { module, calls } = fakeRenderer()
    const t = await start(module)
    await upload(t, 1, 'Alpha')
    await upload(t, 2, 'Beta')
    const home = await t.app.inject({ url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.headers['content-type']).toContain('text/html')
    expect(home.headers['cache-control']).toBe('no-cache')
    expect(home.body).toContain('<div id="root">/ Beta|Alpha</div>')
    const api = await t.app.inject({ url: '/api/roms?offset=0&limit=40' })
    expect(calls[0]?.firstRomPage).toEqual(api.json())

    const play = await t.app.inject({ url: '/play/some-id?state=s1' })
    expect(play.statusCode).toBe(200)
    expect(play.body).toContain('<div id="root">/play/some-id?state=s1 Beta|Alpha</div>')
    // Every /play/:romId link shares one rendering (its markup does not depend on the id).
    const other = await t.app.inject({ url: '/play/other-id' })
    expect(other.body).toBe(play.body)
    expect(calls).toHaveLength(2)
  })

  it('leaves the studio, unknown pages and files to the browser', async () => {
    const { module, calls } = fakeRenderer()
    const t = await start(module)
    const editor = await t.app.inject({ url: '/editor' })
    expect(editor.statusCode).toBe(200)
    expect(editor.body).toBe(FAKE_INDEX_HTML)
    const unknown = await t.app.inject({ url: '/no/such/page' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toBe(FAKE_INDEX_HTML)
    expect(calls).toEqual([])
  })

  it('renders again only when the first page changed', async () => {
    const { module, calls } = fakeRenderer()
    const t = await start(module)
    await upload(t, 1, 'Alpha')
    await t.app.inject({ url: '/' })
    await t.app.inject({ url: '/' })
    expect(calls).toHaveLength(1)
    await upload(t, 2, 'Beta')
    const after = await t.app.inject({ url: '/' })
    expect(after.body).toContain('Beta|Alpha')
    expect(calls).toHaveLength(2)
  })

  it('sends the plain page when the renderer fails, declines or the library is slow', async () => {
    const failing = fakeRenderer(async () => {
      throw new Error('render bug')
    })
    const t = await start(failing.module)
    const res = await t.app.inject({ url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(FAKE_INDEX_HTML)
    await t.close()

    const declining = fakeRenderer(async () => undefined)
    const t2 = await start(declining.module)
    expect((await t2.app.inject({ url: '/' })).body).toBe(FAKE_INDEX_HTML)
    await t2.close()

    // The library's first page does not come: the page goes out without it after the wait.
    const slow = fakeRenderer()
    const log = { warn: vi.fn() }
    const prerender = createPagePrerender(
      slow.module,
      () => new Promise(() => undefined),
      log as unknown as FastifyBaseLogger,
      20,
    )
    expect(await prerender.render(FAKE_INDEX_HTML, '/', '/')).toBeUndefined()
    expect(slow.calls).toEqual([])
    expect(log.warn).toHaveBeenCalledOnce()
    current = undefined
  })
})

describe('loadPageRenderModule', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nes-ssr-'))

  it('is undefined without the file, and refuses a module without renderPage', async () => {
    expect(await loadPageRenderModule(path.join(dir, 'missing.js'))).toBeUndefined()
    const wrong = path.join(dir, 'wrong.mjs')
    writeFileSync(wrong, 'export const render = () => 1\n')
    await expect(loadPageRenderModule(wrong)).rejects.toThrow(/renderPage/)
  })

  it('loads a module that exports renderPage', async () => {
    const file = path.join(dir, 'entry.mjs')
    writeFileSync(file, 'export async function renderPage(t, i) { return t + i.url }\n')
    const module = await loadPageRenderModule(file)
    expect(
      await module?.renderPage('x', {
        url: '/',
        firstRomPage: { roms: [], total: 0, offset: 0, limit: 40 },
      }),
    ).toBe('x/')
  })
})
