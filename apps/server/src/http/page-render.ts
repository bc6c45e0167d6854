// Pre-rendered pages: / and /play/:romId are answered with the app's markup and the library's first page
// already in the HTML (the client build's renderer, dist-ssr/entry-server.mjs; the contract is
// @nes-studio/shared/page-render), so the browser shows the library rows and the slot takes a cartridge
// before the app's script has run. Rendering is a speed-up, never a requirement: without the renderer,
// or when it or the library fails, the page is the plain index.html and the browser renders it itself.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import type { PageRenderModule, RomPageResponse } from '@nes-studio/shared'

/** Longest wait for the library's first page before the page is sent without it (ms). */
export const FIRST_PAGE_WAIT_MS = 1000
/** Rendered pages kept (by page), each valid while the template and the first page are unchanged. */
const CACHED_PAGES = 8

export interface PagePrerender {
  /**
   * `template` rendered for `url` (path and query), or undefined to send it as it is. URLs of one
   * `page` (e.g. every /play/:romId link) share a rendering: the markup does not depend on the ROM id or
   * the query (the app reads them in effects; entry-server.test.tsx checks it), so a stream of
   * distinct URLs costs one render, not one each.
   */
  render(template: string, url: string, page: string): Promise<string | undefined>
}

interface CachedPage {
  template: string
  pageJson: string
  html: string | undefined
}

/** Loads the renderer module; undefined when the file is missing (a client built without it). */
export async function loadPageRenderModule(file: string): Promise<PageRenderModule | undefined> {
  if (!existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderModule>
  if (typeof module.renderPage !== 'function') {
    throw new Error(`${file} does not export renderPage(template, input)`)
  }
  return module as PageRenderModule
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export function createPagePrerender(
  module: PageRenderModule,
  firstRomPage: () => Promise<RomPageResponse>,
  log: FastifyBaseLogger,
  firstPageWaitMs = FIRST_PAGE_WAIT_MS,
): PagePrerender {
  const cache = new Map<string, CachedPage>()
  return {
    async render(template, url, pageKey) {
      try {
        const page = await withTimeout(firstRomPage(), firstPageWaitMs)
        const pageJson = JSON.stringify(page)
        const hit = cache.get(pageKey)
        if (hit && hit.template === template && hit.pageJson === pageJson) return hit.html
        const html = await module.renderPage(template, { url, firstRomPage: page })
        cache.delete(pageKey)
        cache.set(pageKey, { template, pageJson, html })
        if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value as string)
        return html
      } catch (err) {
        log.warn({ err, url }, 'page not pre-rendered; the browser renders it')
        return undefined
      }
    },
  }
}
