// The state file a player downloads and can load again later, here or in another browser: a small header
// naming the ROM (its SHA-1) and the core, then RetroArch's state bytes. Loading checks the header so a
// state of another game or core version is refused with a message instead of being ignored by the core.
// A plain RetroArch state (starting "RASTATE", e.g. saved by a stock EmulatorJS page) does not say which
// game it belongs to, and the core would apply another NROM game's state of the same size without a word:
// it is refused with a message rather than risked.

const MAGIC = 'NES-STUDIO-STATE'
const RASTATE = 'RASTATE'

export interface StateFileInfo {
  core: string
  coreVersion: string
  romSha1: string
  createdAt: string
}

export type ReadStateFile =
  { ok: true; state: Uint8Array; info: StateFileInfo } | { ok: false; message: string }

function startsWith(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false
  return true
}

export function writeStateFile(state: Uint8Array, info: StateFileInfo): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify(info))
  const out = new Uint8Array(MAGIC.length + 4 + header.length + state.length)
  out.set(new TextEncoder().encode(MAGIC), 0)
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true)
  out.set(header, MAGIC.length + 4)
  out.set(state, MAGIC.length + 4 + header.length)
  return out
}

const NOT_A_STATE = 'This file is not a save state (or it is damaged).'

export function readStateFile(bytes: Uint8Array): ReadStateFile {
  if (startsWith(bytes, RASTATE)) {
    return {
      ok: false,
      message:
        'This state file does not say which game it belongs to, so it was not loaded. Download states from this player to move them between browsers.',
    }
  }
  if (!startsWith(bytes, MAGIC) || bytes.length < MAGIC.length + 4) {
    return { ok: false, message: NOT_A_STATE }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerLength = view.getUint32(MAGIC.length, true)
  const start = MAGIC.length + 4
  if (headerLength > 4096 || start + headerLength > bytes.length) {
    return { ok: false, message: NOT_A_STATE }
  }
  let info: StateFileInfo
  try {
    info = JSON.parse(new TextDecoder().decode(bytes.subarray(start, start + headerLength)))
  } catch {
    return { ok: false, message: NOT_A_STATE }
  }
  if (typeof info?.romSha1 !== 'string' || typeof info.coreVersion !== 'string') {
    return { ok: false, message: NOT_A_STATE }
  }
  const state = bytes.slice(start + headerLength)
  if (!startsWith(state, RASTATE)) return { ok: false, message: NOT_A_STATE }
  return { ok: true, state, info }
}

/** Why a state file cannot be loaded into the running game, or undefined when it can. */
export function stateFileProblem(
  info: StateFileInfo,
  game: { romSha1: string; coreVersion: string },
): string | undefined {
  if (info.romSha1 !== game.romSha1) {
    return 'This state was saved from another game, so it was not loaded. The game keeps running.'
  }
  if (info.coreVersion !== game.coreVersion) {
    return `This state was saved with emulator version ${info.coreVersion}; this player runs ${game.coreVersion}, so it was not loaded.`
  }
  return undefined
}
