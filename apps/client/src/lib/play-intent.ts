// An intent to play, in the DOM: a pointer over (or a press or focus on) an element marked
// data-play-intent — the cartridge slot, PRESS START, a library entry's load button, COMPILE & RUN — a
// file chosen in such an element's file input, or a file dragged into the page. Used by the app's hook
// (hooks/use-play-intent.ts) and, before the app has run, by early-intent.ts on a server-rendered page.

/** Put `{...PLAY_INTENT}` on elements whose hover, press or focus means "about to play". */
export const PLAY_INTENT = { 'data-play-intent': '' } as const

const MARKED_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'change'] as const

/** Calls `onIntent` once, at the first intent; returns a function that stops watching. */
export function watchPlayIntent(doc: Document, onIntent: () => void): () => void {
  const win = doc.defaultView
  const onMarked = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-play-intent]')) fire()
  }
  const stop = () => {
    for (const type of MARKED_EVENTS) doc.removeEventListener(type, onMarked, true)
    win?.removeEventListener('dragenter', fire, true)
  }
  function fire() {
    stop()
    onIntent()
  }
  for (const type of MARKED_EVENTS) doc.addEventListener(type, onMarked, true)
  win?.addEventListener('dragenter', fire, true)
  return stop
}

/** True when a marked element's file input already holds a file (chosen before anyone listened). */
export function hasChosenFile(doc: Document): boolean {
  for (const input of doc.querySelectorAll<HTMLInputElement>(
    '[data-play-intent] input[type=file]',
  )) {
    if (input.files?.length) return true
  }
  return false
}
