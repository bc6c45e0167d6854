/**
 * The contract between the server and the client build's page renderer (apps/client/src/entry-server.tsx,
 * built to apps/client/dist-ssr/entry-server.mjs): the server answers `/` and `/play/:romId` with the
 * app's markup and the library's first page already in the HTML, so the page shows (and the slot takes
 * a cartridge) before the app's script has run; the browser's React then hydrates it. Zod-free, so the
 * browser can read it.
 */
import type { RomPageResponse } from './rom-api'

/** Entries in the library's first page (`GET /api/roms?offset=0&limit=40`): a tall screenful and the rows prefetched past it. */
export const FIRST_ROM_PAGE_SIZE = 40

/** What a page is rendered from. */
export interface PageRenderInput {
  /** The request's path and query, e.g. `/` or `/play/<id>?state=<sid>`. */
  url: string
  /** The library's first page, as `GET /api/roms?offset=0&limit=FIRST_ROM_PAGE_SIZE` answers it now. */
  firstRomPage: RomPageResponse
}

/** The module the client build emits for the server. */
export interface PageRenderModule {
  /**
   * `template` (the built index.html) with the page's markup in its root element and the data it was
   * rendered from beside it, or undefined for a URL it does not pre-render (the server then sends the
   * template as it is and the browser renders the page itself).
   */
  renderPage(template: string, input: PageRenderInput): Promise<string | undefined>
}
