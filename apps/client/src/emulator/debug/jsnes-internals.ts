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
  /** Blacks out the 8 outer columns at each side and 8 rows at the top and bottom (true by default). */
  clipToTvSize: boolean
  /** PPUMASK bits 1 and 2: background / sprites shown in the leftmost 8 pixels. */
  f_bgClipping: number
  f_spClipping: number
  /** Post-processes the finished picture, then hands it to onFrame. */
  endFrame(): void
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

/**
 * Makes the PPU hand over the picture it rendered, as the NES (and fceumm) shows it. jsnes's endFrame paints over
 * it for looks: 8 columns at each side and 8 rows at the top and bottom (clipToTvSize), or else the leftmost 8
 * columns black whenever PPUMASK hides the background or sprites there, where its renderer has already drawn what
 * the NES shows (the backdrop colour where the background is hidden). Call after loadROM (it makes a new PPU).
 */
export function showWholePicture(nes: JsnesMachine): void {
  const ppu = nes.ppu
  ppu.clipToTvSize = false
  const endFrame = ppu.endFrame.bind(ppu)
  ppu.endFrame = () => {
    const { f_bgClipping: bg, f_spClipping: sp } = ppu
    // endFrame reads these only to decide on the black columns
    ppu.f_bgClipping = 1
    ppu.f_spClipping = 1
    try {
      endFrame()
    } finally {
      ppu.f_bgClipping = bg
      ppu.f_spClipping = sp
    }
  }
}
