// The page's first script (index.html runs it before main.tsx). On a server-rendered page the slot, the
// library's load buttons and PRESS START exist before the app's script has run and hydrated them (on a
// slow network, seconds before); an intent to play seen then (or a cartridge already chosen) starts
// downloading the emulator core at once, and the app's emulator frame later takes the page's download
// (emulator/frame-files.ts, core-hand-off.ts). Only the core: the frame's document and scripts, asked
// for when the app creates the frame, then still find free connections. A file dropped on the slot
// before the app runs is kept for it (lib/play-intent.ts). Kept tiny: no React.
import { PRERENDERED_ATTRIBUTE } from './app/page-data'
import { warmCoreBundle } from './emulator/frame-files'
import { hasChosenFile, keepEarlyDrops, watchPlayIntent } from './lib/play-intent'

const isBeforeApp = () =>
  document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false

if (hasChosenFile(document)) warmCoreBundle()
else watchPlayIntent(document, warmCoreBundle)
keepEarlyDrops(document, isBeforeApp, warmCoreBundle)
