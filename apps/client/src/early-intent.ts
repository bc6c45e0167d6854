// The page's first script (index.html runs it before main.tsx). On a server-rendered page the slot, the
// library's load buttons and PRESS START exist before the app's script has run and hydrated them; an
// intent to play seen then (or a cartridge already chosen) starts downloading the emulator's files at
// once, and the app's emulator frame later takes them from the HTTP cache and the page's own download
// (emulator/frame-files.ts, core-hand-off.ts). Kept tiny: it must not wait for React.
import { warmFrameFiles } from './emulator/frame-files'
import { hasChosenFile, watchPlayIntent } from './lib/play-intent'

if (hasChosenFile(document)) warmFrameFiles()
else watchPlayIntent(document, warmFrameFiles)
