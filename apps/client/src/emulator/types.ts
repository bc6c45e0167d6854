// The emulator's public vocabulary: buttons, errors and the host interface the UI talks to.

/** The eight buttons of an NES controller. */
export type NesButton = 'up' | 'down' | 'left' | 'right' | 'a' | 'b' | 'select' | 'start'

export const NES_BUTTONS: readonly NesButton[] = [
  'up',
  'down',
  'left',
  'right',
  'a',
  'b',
  'select',
  'start',
]

export function isNesButton(value: unknown): value is NesButton {
  return typeof value === 'string' && (NES_BUTTONS as readonly string[]).includes(value)
}

export type EmulatorErrorCode =
  | 'WasmLoadFailed'
  | 'UnsupportedMapper'
  | 'BadHeader'
  | 'LoadTimeout'
  | 'Stopped'
  | 'NotRunning'
  | 'StateMismatch'
  /** Something online play turns off (rewind, fast-forward, loading a state, reset, pause). */
  | 'OnlinePlay'

/** Every emulator failure the UI can see; `code` is for logic, `message` for people. */
export class EmulatorError extends Error {
  readonly code: EmulatorErrorCode

  constructor(code: EmulatorErrorCode, message: string) {
    super(message)
    this.name = 'EmulatorError'
    this.code = code
  }
}

// Capability interfaces (in the manner of 8bitworkshop's devices.ts): each consumer depends on just the
// part it uses, and a fake for tests only has to implement that part.

export interface StartOptions {
  /**
   * The game's battery RAM (its `.srm`), restored before the game starts; without it the game starts
   * with empty save RAM.
   */
  batterySave?: Uint8Array | null
}

/** Starts and stops one game at a time. */
export interface GameRunner {
  /** Loads `bytes` as `fileName` and resolves once the first frame is on screen. */
  start(bytes: Uint8Array, fileName: string, options?: StartOptions): Promise<void>
  /** Stops the game and removes its iframe (and with it every timer, worker and audio node). */
  stop(): void
  isRunning(): boolean
}

/** Controllers 1 and 2 (`player` 0 and 1; 0 when left out). */
export interface ControllerInput {
  /** Holds `button` of controller 1 down for `durationMs` milliseconds, then releases it. */
  press(button: NesButton, durationMs: number): void
  setButton(button: NesButton, down: boolean, player?: 0 | 1): void
}

export interface RunControl {
  pause(): void
  resume(): void
  isPaused(): boolean
  /** Soft reset of the console (the game restarts, the emulator stays loaded). */
  reset(): void
}

export interface FrameSource {
  /** Emulated frames per second over the last second or so; 0 when not running. */
  fps(): number
  /** The raw emulated frame (256x224 after overscan crop) as a PNG. */
  screenshot(): Promise<Blob>
}

export interface MemoryBus {
  /** Reads `length` bytes of CPU address space from `address` ($0000-$07FF RAM, $6000-$7FFF cart RAM). */
  readMemory(address: number, length: number): Promise<Uint8Array>
}

/** Battery RAM of the running game. */
export interface BatteryRam {
  /** The save as the game has it now, or null when the game has no battery (or none runs). */
  readSave(): Uint8Array | null
}

/** Save states of the running game. */
export interface StateSnapshots {
  /** The running game's state (≈14-22 KB for NROM). */
  saveState(): Uint8Array
  /**
   * Applies `state` (the game resumes if it was paused). A state of another game, board or core is
   * refused with an EmulatorError 'StateMismatch' and the game keeps running as it was.
   */
  loadState(state: Uint8Array): Promise<void>
}

export type FastForward = 'off' | 'x3' | 'unlimited'

/** Rewind and fast-forward. */
export interface TimeControl {
  /** Plays backwards while on. */
  setRewinding(on: boolean): void
  setFastForward(speed: FastForward): void
}

/** Square pixels (256×224, the NES's own pixels) or the picture stretched to a 4:3 TV shape. */
export type PictureShape = 'square' | '4:3'

export interface PictureOutput {
  /** Kept for the next games too; applied to the running one at once. */
  setPictureShape(shape: PictureShape): void
}

export interface AudioOutput {
  /** 0..1 */
  setVolume(volume: number): void
  setMuted(muted: boolean): void
}

/** One emulated frame as fceumm drew it: `width` × `height` RGB565 pixels, row by row (overscan rows cropped). */
export interface FramePicture {
  width: number
  height: number
  rgb565: Uint16Array
  /** Frames emulated since power on, this one included. */
  frame: number
}

/** Frame-exact control of fceumm (it cannot stop inside a frame): the check on both cores drives it. */
export interface FrameStepping {
  /** Starts `bytes` held at power-on, before its first frame; nothing runs until stepFrame. */
  startPaused(bytes: Uint8Array, fileName: string): Promise<void>
  /** Runs exactly one frame (with the buttons as set) and returns its picture. */
  stepFrame(): FramePicture
}

/**
 * Online play (netplay/lockstep.ts): the running game held at a frame boundary and run one frame at a
 * time with the room's pads. Pad bytes use PAD_BITS (@nes-studio/shared/netplay-constants).
 */
export interface LockstepControl {
  /**
   * Holds the running game at its next frame boundary. From then on frames run only through
   * stepWithPads, buttons pressed on the page are only recorded (localPad), and rewind, fast-forward,
   * loadState, reset and pause refuse with EmulatorError 'OnlinePlay'.
   */
  enterLockstep(): Promise<void>
  isInLockstep(): boolean
  /** Runs exactly one frame with controller 1 and 2 set to these pad bytes. */
  stepWithPads(pads: readonly [number, number]): void
  /** Replaces the game's state at once: the next stepWithPads runs the frame after it. */
  loadStateNow(state: Uint8Array): void
  /** The buttons held on this page now, whichever controller they are mapped to, as one pad byte. */
  localPad(): number
  /** Silent while true (a wait for the other player, a paused room); the player's volume is kept. */
  setWaiting(waiting: boolean): void
  /** Lets the game run by itself again, with the page's buttons. */
  leaveLockstep(): void
}

export type EmulatorHost = GameRunner &
  ControllerInput &
  RunControl &
  FrameSource &
  MemoryBus &
  BatteryRam &
  StateSnapshots &
  TimeControl &
  AudioOutput &
  PictureOutput &
  FrameStepping &
  LockstepControl & {
    /** Loads the emulator core in an idle iframe now, so the next start() is quick. */
    preload(): void
    /** Removes every iframe; the host cannot be used afterwards. */
    dispose(): void
  }

// Debugging (the studio's debug engine, jsnes in a worker; fceumm cannot stop on an instruction).

/** CPU registers and where the console is in its frame, when stopped. */
export interface CpuRegisters {
  a: number
  x: number
  y: number
  /** Stack pointer (the stack is at $0100 + s). */
  s: number
  /** Status: bit 7 N, 6 V, 5 unused (1), 4 B, 3 D, 2 I, 1 Z, 0 C. */
  p: number
  pc: number
  /** CPU cycles since power on. */
  cycles: number
  /** PPU scanline, 0-261 (0-239 visible, 241 starts vertical blank, 261 pre-render). */
  scanline: number
  /** Frames completed since power on. */
  frame: number
}

/**
 * A breakpoint at a CPU address. With `code`, it stops only while those bytes (the instruction as assembled) are
 * at the address: in a bank-switched ROM, another bank's code at the same address does not stop it.
 */
export interface Breakpoint {
  address: number
  code?: Uint8Array
}

export type WatchAccess = 'read' | 'write' | 'readwrite'

/** Stop when the CPU reads and/or writes `address` (0-$FFFF; RAM mirrors are not folded). */
export interface Watchpoint {
  address: number
  access: WatchAccess
}

/** Why the debug engine stopped. */
export type DebugStopReason =
  | { kind: 'breakpoint'; address: number }
  | { kind: 'watchpoint'; address: number; access: 'read' | 'write'; value: number }
  | { kind: 'step' }
  | { kind: 'frames' }
  | { kind: 'pause' }
  | {
      kind: 'crash'
      message: string
      /**
       * Set when a BRK ran and no RTI since: the BRK's CPU address and the IRQ/BRK vector ($FFFE-$FFFF) it
       * jumped through (0 when the program never set it).
       */
      afterBrk?: { address: number; vector: number }
    }

export interface DebugStop {
  reason: DebugStopReason
  registers: CpuRegisters
}

/** What the PPU holds, copied when asked. */
export interface PpuState {
  /** $0000-$3FFF as the PPU sees it (pattern tables, nametables through the mirroring, palettes). */
  vram: Uint8Array
  /** The 256 bytes of OAM (64 sprites × Y, tile, attributes, X). */
  oam: Uint8Array
  /** The 32 palette bytes ($3F00-$3F1F). */
  palette: Uint8Array
  /** The scroll position the next frame starts from: x 0-511, y 0-479. */
  scroll: { x: number; y: number }
  /** PPUCTRL bits: background and 8×8 sprite pattern table (0: $0000, 1: $1000), 8×16 sprites. */
  backgroundTable: 0 | 1
  spriteTable: 0 | 1
  tallSprites: boolean
}

/**
 * Stepping a console one instruction at a time: breakpoints by CPU address, stepping, registers,
 * memory and PPU state. Every run command resolves with the stop that ended it; `pause` ends a run.
 */
export interface Debuggable {
  /** Loads an iNES ROM (paused at the reset vector). Rejects with EmulatorError 'UnsupportedMapper' or 'BadHeader'. */
  load(rom: Uint8Array): Promise<DebugStop>
  /** Replaces every breakpoint; a bare number is a breakpoint at that address whatever code is there. */
  setBreakpoints(breakpoints: readonly (number | Breakpoint)[]): void
  setWatchpoints(watchpoints: readonly Watchpoint[]): void
  /**
   * Source lines for line stepping: `lines[address]` is a line id (≥ 0) for each CPU address that
   * starts a statement of that line, -1 elsewhere (65536 entries).
   */
  setLineMap(lines: Int32Array): void
  continue(): Promise<DebugStop>
  stepInstruction(): Promise<DebugStop>
  /** Runs until PC is on another source line (the line map); a JSR runs to its return. */
  stepLine(over: boolean): Promise<DebugStop>
  /** Runs until the current routine returns (RTS/RTI pulls the stack above where it was). */
  stepOut(): Promise<DebugStop>
  runFrames(count: number): Promise<DebugStop>
  /** Runs until PC reaches `address` (or a breakpoint or watchpoint stops it first). */
  runTo(address: number): Promise<DebugStop>
  pause(): void
  setButton(button: NesButton, down: boolean): void
  /** Reads without side effects (no PPU register reads): RAM, cartridge RAM and ROM as mapped. */
  readMemory(address: number, length: number): Promise<Uint8Array>
  writeMemory(address: number, bytes: Uint8Array): Promise<void>
  ppuState(): Promise<PpuState>
  /** The last finished picture (RGBA, 256×240; black before the first frame) and the frames since power on. */
  picture(): Promise<{ pixels: Uint8ClampedArray; frame: number }>
  dispose(): void
}
