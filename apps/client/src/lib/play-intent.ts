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

/** On a marked element's file input whose file was dropped on the page before the app ran. */
export const DROPPED_ATTRIBUTE = 'data-dropped'

/** The file input of the marked element an event happened in, if any. */
function markedInput(target: EventTarget | null): HTMLInputElement | null {
  if (!(target instanceof Element)) return null
  return target.closest('[data-play-intent]')?.querySelector('input[type=file]') ?? null
}

/**
 * While `isBefore()` (the app has not taken the page over), a file dropped on a marked element is put
 * in its file input and marked as dropped, for the app to take (hooks/use-early-file.ts): without a
 * handler, the browser would open the dropped file in place of the page. Calls `onDrop` after each.
 */
export function keepEarlyDrops(doc: Document, isBefore: () => boolean, onDrop: () => void): void {
  doc.addEventListener(
    'dragover',
    (event) => {
      if (isBefore() && markedInput(event.target)) event.preventDefault()
    },
    true,
  )
  doc.addEventListener(
    'drop',
    (event) => {
      const input = markedInput(event.target)
      const files = event.dataTransfer?.files
      if (!isBefore() || !input || !files?.length) return
      // The app's own drop handler (React, once it hydrates) must not take the same file again.
      event.preventDefault()
      event.stopPropagation()
      input.files = files
      input.setAttribute(DROPPED_ATTRIBUTE, '')
      onDrop()
    },
    true,
  )
}
