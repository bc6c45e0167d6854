// The parts of jsnes 3.0.0's CPU, PPU and mapper the debug engine reads and writes. jsnes types only its
// public API; these fields are its internals, which is why the version is pinned exactly.
import { NES } from 'jsnes'

export interface JsnesCpu {
  mem: Uint8Array
  REG_ACC: number
  REG_X: number
  REG_Y: number
  REG_SP: number
  REG_PC: number
  cycles: number
  emulate(): number
  getStatus(): number
  setStatus(status: number): void
  read(address: number): number
  write(address: number, value: number): void
}

export interface JsnesPpu {
  vramMem: Uint8Array
  spriteMem: Uint8Array
  vramMirrorTable: Uint16Array | number[]
  buffer: Uint32Array
  frameEnded: boolean
  line: number
  dot: number
  vramTmpAddress: number
  regFH?: number
  fineX?: number
  f_bgPatternTable: number
  f_spPatternTable: number
  f_spriteSize: number
  catchUp(): void
}

export interface JsnesRom {
  mapperType: number
  mapperSupported(): boolean
}

export interface JsnesMachine {
  cpu: JsnesCpu
  ppu: JsnesPpu
  rom: JsnesRom
  controllers: Record<1 | 2, { clock(): void }>
  buttonDown(controller: 1 | 2, button: number): void
  buttonUp(controller: 1 | 2, button: number): void
  loadROM(data: Uint8Array): void
}

/** A jsnes console with no audio; `onFrame` gets each finished picture (0xBBGGRR per pixel). */
export function createJsnes(onFrame: (buffer: Uint32Array) => void): JsnesMachine {
  return new NES({ onFrame, emulateSound: false }) as unknown as JsnesMachine
}
