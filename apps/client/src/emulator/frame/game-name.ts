// The name a game runs under inside EmulatorJS, which decides where the core keeps its battery RAM. The
// frame puts the host's battery save there before the game starts, so the name must come out of
// EmulatorJS and RetroArch unchanged: otherwise the save lands where the core never looks, the game
// starts blank, and its first write replaces the stored save.

/**
 * Characters EmulatorJS's `getBaseFileName()` drops from `config.gameName` (emulator.js 4.2.3) before it
 * names the ROM file it writes for the core.
 */
const DROPPED_BY_EMULATORJS = /[#<$+%>!`&*'|{}/\\?"=@:^\r\n]/g

/**
 * The game name for EmulatorJS's `config.gameName`, from a ROM's file name: without `.nes`, without the
 * characters EmulatorJS drops, and without dots, because RetroArch names the save file after the ROM
 * file minus its last `.extension` (`Dr. Mario` would save to `Dr.srm`). Never empty.
 */
export function emulatorGameName(fileName: string): string {
  const name = fileName
    .replace(/\.nes$/i, '')
    .replace(DROPPED_BY_EMULATORJS, '')
    .replace(/\./g, '_')
    .trim()
  return name || 'game'
}

/** Where RetroArch keeps fceumm's battery RAM for a game named `gameName` (getSaveFilePath()). */
export function batterySavePath(gameName: string): string {
  return `/data/saves/FCEUmm/${gameName}.srm`
}
