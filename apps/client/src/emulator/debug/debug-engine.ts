// The debug engine: jsnes driven one instruction at a time, with breakpoints, watchpoints and line
// stepping. Synchronous and DOM-free (it runs in a worker and in Node tests); a run is cut into
// slices by the caller, so a program that never stops cannot hold the thread.
import type {
  Breakpoint,
  CpuRegisters,
  DebugStop,
  DebugStopReason,
  PpuState,
  Watchpoint,
} from '../types'
import { EmulatorError } from '../types'
import { createJsnes, showWholePicture } from './jsnes-internals'
import type { JsnesCpu, JsnesMachine } from './jsnes-internals'

const JSR = 0x20
const RTS = 0x60
const RTI = 0x40
const BRK = 0x00
const IRQ_VECTOR = 0xfffe

/** What the engine is doing between slices. */
export type RunMode =
  | { kind: 'continue' }
  | { kind: 'instruction' }
  | { kind: 'line'; over: boolean }
  | { kind: 'out' }
  | { kind: 'frames'; count: number }
  | { kind: 'to'; address: number }

interface ActiveRun {
  mode: RunMode
  /** The first instruction of a run ignores a breakpoint on it (else Continue would never leave it). */
  started: boolean
  startLine: number
  startSp: number
  startFrame: number
  /** A JSR being stepped over: stop when PC comes back here with the stack where it was. */
  returnTo: number
  returnSp: number
}

/** The message for a mapper jsnes lacks; fceumm (Run) still plays it. */
export function unsupportedMapperMessage(mapper: number): string {
  return `Debugging is not available for mapper ${mapper}; Run still works`
}

export class DebugEngine {
  private readonly nes: JsnesMachine
  private readonly cpu: JsnesCpu
  private readonly breakpoints = new Uint8Array(0x10000)
  /** The code each breakpoint expects at its address; undefined: stop whatever is there. */
  private readonly codeAt = new Map<number, Uint8Array[] | undefined>()
  /** Bit 1 read, bit 2 write. */
  private readonly watches = new Uint8Array(0x10000)
  private lines: Int32Array = new Int32Array(0x10000).fill(-1)
  private watchHit: DebugStopReason | null = null
  private active: ActiveRun | null = null
  private frameCount = 0
  private picture: Uint32Array | null = null
  /** Nothing has run since power-on: the reset handler's first instruction is still to come. */
  private atPowerOn = true
  /** The first BRK since the last RTI (-1: none), so a crash in what it jumped to can say so. */
  private brkAt = -1

  constructor(rom: Uint8Array) {
    this.nes = createJsnes((buffer) => {
      this.picture = buffer
    })
    checkHeader(rom)
    const mapper = (rom[6]! >> 4) | (rom[7]! & 0xf0)
    try {
      this.nes.loadROM(rom)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (message.startsWith('Unsupported mapper'))
        throw new EmulatorError('UnsupportedMapper', unsupportedMapperMessage(mapper))
      throw new EmulatorError('BadHeader', `The debug engine cannot load this ROM: ${message}`)
    }
    showWholePicture(this.nes) // the picture as fceumm (Run) and the NES show it
    this.cpu = this.nes.cpu
    this.cpu.emulate() // the reset sequence: PC is now the reset vector
  }

  setBreakpoints(breakpoints: readonly (number | Breakpoint)[]): void {
    this.breakpoints.fill(0)
    this.codeAt.clear()
    for (const b of breakpoints) {
      const address = (typeof b === 'number' ? b : b.address) & 0xffff
      const code = typeof b === 'number' ? undefined : b.code
      // several breakpoints at one address (lines of different banks): any of them stops; a bare one always does
      const previous = this.codeAt.get(address)
      const always =
        code === undefined || (this.breakpoints[address] === 1 && previous === undefined)
      this.codeAt.set(address, always ? undefined : [...(previous ?? []), code])
      this.breakpoints[address] = 1
    }
  }

  /** Whether the code at `address` is one a breakpoint there asked for (always, for a bare address). */
  private codeMatches(address: number): boolean {
    const codes = this.codeAt.get(address)
    if (codes === undefined) return true
    const mem = this.cpu.mem
    return codes.some((code) => code.every((byte, i) => mem[(address + i) & 0xffff] === byte))
  }

  setWatchpoints(watchpoints: readonly Watchpoint[]): void {
    this.watches.fill(0)
    for (const w of watchpoints) {
      const bits = w.access === 'read' ? 1 : w.access === 'write' ? 2 : 3
      this.watches[w.address & 0xffff]! |= bits
    }
    this.hookBus(watchpoints.length > 0)
  }

  setLineMap(lines: Int32Array): void {
    if (lines.length !== 0x10000) throw new Error('A line map has 65536 entries')
    this.lines = lines
  }

  /** Starts a run; `slice` carries it on. A new run replaces one in progress. */
  start(mode: RunMode): void {
    const cpu = this.cpu
    // From power-on nothing ran yet, so a breakpoint on the reset handler's first instruction is a stop,
    // not the place the run starts from (DEBUG would otherwise run past it).
    const fromPowerOn = this.atPowerOn
    this.atPowerOn = false
    this.active = {
      mode,
      started: fromPowerOn,
      startLine: this.lines[cpu.REG_PC] ?? -1,
      startSp: cpu.REG_SP,
      startFrame: this.frameCount,
      returnTo: -1,
      returnSp: 0,
    }
  }

  isRunning(): boolean {
    return this.active !== null
  }

  /** Ends the run in progress (if any) and says where it stopped. */
  pause(): DebugStop {
    this.active = null
    return this.stop({ kind: 'pause' })
  }

  /** Runs at most `maxInstructions` of the current run; the stop, or null while it goes on. */
  slice(maxInstructions: number): DebugStop | null {
    const run = this.active
    if (run === null) return null
    try {
      const reason = this.execute(run, maxInstructions)
      if (reason === null) return null
      this.active = null
      return this.stop(reason)
    } catch (error) {
      this.active = null
      const message = error instanceof Error ? error.message : String(error)
      if (this.brkAt < 0) return this.stop({ kind: 'crash', message })
      const mem = this.cpu.mem
      const vector = mem[IRQ_VECTOR]! | (mem[IRQ_VECTOR + 1]! << 8)
      return this.stop({ kind: 'crash', message, afterBrk: { address: this.brkAt, vector } })
    }
  }

  /** Runs `mode` to its end in one go (tests and benches; a runaway program makes this loop forever). */
  runToStop(mode: RunMode): DebugStop {
    this.start(mode)
    for (;;) {
      const stop = this.slice(100_000)
      if (stop) return stop
    }
  }

  registers(): CpuRegisters {
    const cpu = this.cpu
    this.nes.ppu.catchUp()
    return {
      a: cpu.REG_ACC,
      x: cpu.REG_X,
      y: cpu.REG_Y,
      s: cpu.REG_SP,
      p: cpu.getStatus(),
      pc: cpu.REG_PC,
      cycles: cpu.cycles,
      scanline: this.nes.ppu.line,
      frame: this.frameCount,
    }
  }

  get frames(): number {
    return this.frameCount
  }

  /** The last finished picture as RGBA bytes (256×240), or null before the first one. */
  pictureRgba(): Uint8ClampedArray | null {
    const src = this.picture
    if (src === null) return null
    const out = new Uint8ClampedArray(256 * 240 * 4)
    for (let i = 0, o = 0; i < src.length; i++, o += 4) {
      const c = src[i]!
      out[o] = c & 0xff
      out[o + 1] = (c >> 8) & 0xff
      out[o + 2] = (c >> 16) & 0xff
      out[o + 3] = 255
    }
    return out
  }

  /** Side-effect-free reads: RAM (mirrored), cartridge RAM and ROM; I/O registers read as 0. */
  readMemory(address: number, length: number): Uint8Array {
    const out = new Uint8Array(length)
    const mem = this.cpu.mem
    for (let i = 0; i < length; i++) {
      const a = (address + i) & 0xffff
      out[i] = a < 0x2000 ? mem[a & 0x7ff]! : a >= 0x6000 ? mem[a]! : 0
    }
    return out
  }

  /** Writes RAM ($0000-$1FFF, mirrored) and cartridge RAM ($6000-$7FFF); other addresses are refused. */
  writeMemory(address: number, bytes: Uint8Array): void {
    bytes.forEach((value, i) => {
      const a = (address + i) & 0xffff
      if (a < 0x2000) this.cpu.mem[a & 0x7ff] = value
      else if (a >= 0x6000 && a < 0x8000) this.cpu.mem[a] = value
      else
        throw new RangeError(
          `$${a.toString(16)} is not RAM; only $0000-$1FFF and $6000-$7FFF can be written`,
        )
    })
  }

  ppuState(): PpuState {
    const ppu = this.nes.ppu
    ppu.catchUp()
    const vram = new Uint8Array(0x4000)
    for (let a = 0; a < 0x4000; a++) vram[a] = ppu.vramMem[ppu.vramMirrorTable[a]!]!
    const t = ppu.vramTmpAddress
    const x = ((t & 0x1f) << 3) | (ppu.fineX ?? 0) | ((t & 0x400) !== 0 ? 256 : 0)
    const y = (((t >> 5) & 0x1f) << 3) | ((t >> 12) & 7) | ((t & 0x800) !== 0 ? 240 : 0)
    return {
      vram,
      oam: ppu.spriteMem.slice(0, 256),
      palette: vram.slice(0x3f00, 0x3f20),
      scroll: { x, y },
      backgroundTable: ppu.f_bgPatternTable === 1 ? 1 : 0,
      spriteTable: ppu.f_spPatternTable === 1 ? 1 : 0,
      tallSprites: ppu.f_spriteSize === 1,
    }
  }

  /** Presses or releases a button of controller 1 (jsnes numbering: A B Select Start Up Down Left Right). */
  setButton(button: number, down: boolean): void {
    if (down) this.nes.buttonDown(1, button)
    else this.nes.buttonUp(1, button)
  }

  private stop(reason: DebugStopReason): DebugStop {
    return { reason, registers: this.registers() }
  }

  private execute(run: ActiveRun, max: number): DebugStopReason | null {
    const cpu = this.cpu
    const ppu = this.nes.ppu
    const bp = this.breakpoints
    const lines = this.lines
    const mode = run.mode
    for (let n = 0; n < max; n++) {
      const pc = cpu.REG_PC
      if (run.started) {
        if (mode.kind === 'to' && pc === mode.address) return { kind: 'step' }
        if (bp[pc] === 1 && run.returnTo !== pc && this.codeMatches(pc))
          return { kind: 'breakpoint', address: pc }
        if (mode.kind === 'line' && run.returnTo < 0) {
          const line = lines[pc]!
          if (line >= 0 && line !== run.startLine) return { kind: 'step' }
        }
      }
      run.started = true
      const opcode = this.cpu.mem[pc]!
      if (opcode === BRK && this.brkAt < 0) this.brkAt = pc
      else if (opcode === RTI) this.brkAt = -1
      if (mode.kind === 'line' && mode.over && opcode === JSR && run.returnTo < 0) {
        run.returnTo = (pc + 3) & 0xffff
        run.returnSp = cpu.REG_SP
      }
      cpu.emulate()
      if (ppu.frameEnded) {
        ppu.frameEnded = false
        this.frameCount += 1
        this.nes.controllers[1].clock()
        this.nes.controllers[2].clock()
      }
      if (this.watchHit !== null) {
        const hit = this.watchHit
        this.watchHit = null
        return hit
      }
      if (run.returnTo >= 0 && cpu.REG_PC === run.returnTo && cpu.REG_SP === run.returnSp) {
        run.returnTo = -1
        if (lines[cpu.REG_PC]! >= 0 && lines[cpu.REG_PC] !== run.startLine) return { kind: 'step' }
      }
      switch (mode.kind) {
        case 'instruction':
          return { kind: 'step' }
        case 'out':
          if ((opcode === RTS || opcode === RTI) && cpu.REG_SP > run.startSp)
            return { kind: 'step' }
          break
        case 'frames':
          if (this.frameCount - run.startFrame >= mode.count) return { kind: 'frames' }
          break
        default:
          break
      }
    }
    return null
  }

  /** Routes bus accesses through the watchpoint check only while watchpoints exist (it costs speed). */
  private hookBus(on: boolean): void {
    const cpu = this.cpu as JsnesCpu & { read: JsnesCpu['read']; write: JsnesCpu['write'] }
    const own = cpu as unknown as Record<string, unknown>
    delete own.read
    delete own.write
    if (!on) return
    const read = cpu.read
    const write = cpu.write
    const watches = this.watches
    cpu.read = (address: number): number => {
      const value = read.call(cpu, address)
      if ((watches[address]! & 1) !== 0 && this.watchHit === null)
        this.watchHit = { kind: 'watchpoint', address, access: 'read', value }
      return value
    }
    cpu.write = (address: number, value: number): void => {
      write.call(cpu, address, value)
      if ((watches[address]! & 2) !== 0 && this.watchHit === null)
        this.watchHit = { kind: 'watchpoint', address, access: 'write', value }
    }
  }
}

function checkHeader(rom: Uint8Array): void {
  const isNes =
    rom.length >= 16 && rom[0] === 0x4e && rom[1] === 0x45 && rom[2] === 0x53 && rom[3] === 0x1a
  if (!isNes)
    throw new EmulatorError(
      'BadHeader',
      'Not an iNES ROM (the file does not start with "NES\\x1a")',
    )
}
