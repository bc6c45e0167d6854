// The host page downloads the core bundle (4.8 MB decoded) when it creates an emulator frame
// (frame-files.ts) and hands those very bytes to the frame (core-source.ts). Read a second time from the
// HTTP cache by the frame, the bundle arrived 180–390 ms after the host already had it (issue 14's trace).
// Frames are same-origin, so the offer is a property of the host's window.

/** What the host page offers its emulator frames on its window. */
export interface CoreBundleOffer {
  /** The host's download of a core bundle URL, once: later frames fetch it from the HTTP cache. */
  take(url: string): Promise<ArrayBuffer> | undefined
}

const OFFER_KEY = 'nesCoreBundles'

type HostWindow = Window & { [OFFER_KEY]?: CoreBundleOffer }

/** In the host page: downloads each URL now and offers the bytes to the first frame that asks. */
export function offerCoreBundles(urls: readonly string[]): void {
  const bundles = new Map<string, Promise<ArrayBuffer>>()
  for (const url of urls) {
    const bundle = fetch(url, { priority: 'high' }).then((response) => {
      if (!response.ok) throw new Error(`Core bundle: HTTP ${response.status}`)
      return response.arrayBuffer()
    })
    // A failed download is not offered: the frame fetches (and reports) it itself.
    bundle.catch(() => bundles.delete(url))
    bundles.set(url, bundle)
  }
  ;(window as HostWindow)[OFFER_KEY] = {
    take(url) {
      const bundle = bundles.get(url)
      bundles.delete(url)
      return bundle
    },
  }
}

/** In a frame: the host page's download of `url`, if it started one that no other frame took. */
export function takeCoreBundle(url: string): Promise<ArrayBuffer> | undefined {
  try {
    const host = window.parent as HostWindow
    return host === (window as HostWindow) ? undefined : host[OFFER_KEY]?.take(url)
  } catch {
    // A parent of another origin: nothing to take.
    return undefined
  }
}
