// A page the server rendered (entry-server.tsx) carries the data it was rendered from in a JSON script
// element beside the markup (never run, so the CSP's script-src 'self' allows it). The browser reads it
// before its first render, so hydration starts from the same data and matches the markup.
import type { RomPageResponse } from '@nes-studio/shared'

export const PAGE_DATA_ID = 'page-data'
/** On the root element while its markup is the server's and React has not hydrated it yet. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

export interface PageData {
  /** The library's first page (GET /api/roms?offset=0&limit=FIRST_ROM_PAGE_SIZE) when the page was made. */
  firstRomPage: RomPageResponse
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g

/**
 * `data` as JSON that can sit inside a <script> element: `<`, `>`, `&` and the two JavaScript line
 * separators are written as \u escapes, so a ROM title such as `</script><script>…` stays text.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(
    UNSAFE_IN_SCRIPT,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function isRomPage(value: unknown): value is RomPageResponse {
  if (typeof value !== 'object' || value === null) return false
  const page = value as Partial<Record<keyof RomPageResponse, unknown>>
  return (
    Array.isArray(page.roms) &&
    typeof page.total === 'number' &&
    typeof page.offset === 'number' &&
    typeof page.limit === 'number'
  )
}

/** The data of a server-rendered page, or undefined (a page the browser renders itself, or bad data). */
export function readPageData(doc: Document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as { firstRomPage?: unknown }
    return isRomPage(data.firstRomPage) ? { firstRomPage: data.firstRomPage } : undefined
  } catch {
    return undefined
  }
}

const ROOT_ELEMENT = '<div id="root"></div>'
/** index.html's preload of the first page: useless once the page carries it. */
const FIRST_PAGE_PRELOAD = /[ \t]*<link\b[^>]*\bhref="\/api\/roms\?[^"]*"[^>]*>\n?/

/**
 * index.html with `markup` in its root element and `data` after it; undefined when the template has no
 * empty root element (then the page is not pre-rendered).
 */
export function injectPage(template: string, markup: string, data: PageData): string | undefined {
  if (!template.includes(ROOT_ELEMENT)) return undefined
  const filled =
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="">${markup}</div>\n` +
    `    <script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`
  // A function, so `$&` or `$'` in a title is not read as a replacement pattern.
  return template.replace(ROOT_ELEMENT, () => filled).replace(FIRST_PAGE_PRELOAD, '')
}
