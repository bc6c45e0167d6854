import { describe, expect, it } from 'vitest'
// The vendor script itself: it defines window.EmulatorJS (the test environment's window).
import '@emulatorjs/emulatorjs/data/src/emulator.js'
import { batterySavePath, emulatorGameName } from './game-name'

interface EmulatorJsClass {
  prototype: { getBaseFileName(this: unknown, force?: boolean): string | null }
}

const { EmulatorJS } = window as unknown as { EmulatorJS: EmulatorJsClass }

/** The ROM file EmulatorJS writes for the core: getBaseFileName() of a running game given `gameName`. */
function romFileInCore(gameName: string): string | null {
  const game = { started: true, config: { gameName, gameUrl: 'game' } }
  return EmulatorJS.prototype.getBaseFileName.call(game)
}

/** RetroArch's save file for a ROM file: its name minus the last `.extension`, in the core's save folder. */
function saveFileOfRom(romFile: string): string {
  const dot = romFile.lastIndexOf('.')
  return batterySavePath(dot > 0 ? romFile.slice(0, dot) : romFile)
}

// Common No-Intro names and hostile ones: quotes, dots, the characters EmulatorJS drops, only those.
const FILE_NAMES = [
  'battery.nes',
  "Kirby's Adventure (USA).nes",
  'Super Mario Bros. 3 (USA) (Rev 1).nes',
  'Dr. Mario (Japan, USA).NES',
  "Mike Tyson's Punch-Out!! (Japan, USA).nes",
  'a&b#c%d+e=f@g:h^i{j}k|l`m$n.nes',
  '"quoted" <tag>.nes',
  "''''.nes",
  '...nes',
  '🎮 ゲーム.nes',
]

describe('emulatorGameName', () => {
  it.each(FILE_NAMES)('%s: the core reads its battery save where the frame puts it', (fileName) => {
    const gameName = emulatorGameName(fileName)
    const romFile = romFileInCore(gameName)
    expect(romFile).toBe(gameName)
    expect(saveFileOfRom(gameName)).toBe(batterySavePath(gameName))
  })

  it('keeps the readable part of the name and is never empty', () => {
    expect(emulatorGameName("Kirby's Adventure (USA).nes")).toBe('Kirbys Adventure (USA)')
    expect(emulatorGameName('Dr. Mario.nes')).toBe('Dr_ Mario')
    expect(emulatorGameName("''.nes")).toBe('game')
  })
})
