// Sums what the browser received per kind of file (encoded body size, so gzip where the server
// compressed, plus headers) for one page and its service worker. Files served from the HTTP cache count as 0 bytes.
import type { BrowserContext, Page, Request } from 'playwright-core'

export interface TransferSummary {
  ourJs: number
  ourJsFiles: string[]
  ourOther: number
  emulator: number
  api: number
  total: number
}

export function recordTransfers(page: Page, baseUrl: string) {
  const finished: Request[] = []
  // On the context, not the page: the service worker's own requests (its precache, the runtime caches)
  // are reported there.
  page.context().on('requestfinished', (request) => finished.push(request))
  return {
    async summary(): Promise<TransferSummary> {
      const result: TransferSummary = {
        ourJs: 0,
        ourJsFiles: [],
        ourOther: 0,
        emulator: 0,
        api: 0,
        total: 0,
      }
      for (const request of finished) {
        const url = new URL(request.url())
        if (url.origin !== baseUrl) continue
        const sizes = await request.sizes()
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize
        result.total += bytes
        // The pre-extracted core the build emits: /assets/fceumm-legacy-wasm.core-<hash>.bin (sent brotli-encoded)
        const isCoreBundle = /^\/assets\/fceumm-.*\.bin$/.test(url.pathname)
        if (url.pathname.startsWith('/vendor/') || isCoreBundle) result.emulator += bytes
        else if (url.pathname.startsWith('/api/')) result.api += bytes
        else if (url.pathname.endsWith('.js')) {
          result.ourJs += bytes
          const name = url.pathname.split('/').pop() ?? url.pathname
          if (!result.ourJsFiles.includes(name)) result.ourJsFiles.push(name)
        } else result.ourOther += bytes
      }
      return result
    },
  }
}

/**
 * Sums the encoded bytes (body + headers) every page and worker of `context` received from `origin`,
 * service worker requests included where Playwright reports them.
 */
export function recordContextTransfers(context: BrowserContext, origin: string) {
  const finished: Request[] = []
  context.on('requestfinished', (request) => finished.push(request))
  return {
    async total(): Promise<number> {
      let total = 0
      for (const request of finished) {
        if (new URL(request.url()).origin !== origin) continue
        const sizes = await request.sizes()
        total += sizes.responseBodySize + sizes.responseHeadersSize
      }
      return total
    },
  }
}
