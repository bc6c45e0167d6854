// Tiny, valid iNES ROMs built in code for the browser specs: NROM (mapper 0), one 16 KB PRG bank at $C000,
// one 8 KB CHR bank of zeros. With all-zero tiles every pixel is the universal background colour
// ($3F00), so the whole picture is one NES colour that the tests can read back from the emulator.
import type { NesButtonName } from './nes-colors'
import { BUTTON_COLORS, STANDARD_BUTTON_ORDER } from './nes-colors'

const PRG_SIZE = 16 * 1024
const CHR_SIZE = 8 * 1024
const PRG_BASE = 0xc000

/** A very small 6502 emitter: only what these ROMs need, with labels for jumps and branches. */
class Asm {
  readonly bytes: number[] = []
  private readonly labels = new Map<string, number>()
  private readonly fixups: { at: number; label: string; kind: 'abs' | 'rel' }[] = []

  get pc(): number {
    return PRG_BASE + this.bytes.length
  }
  label(name: string): this {
    this.labels.set(name, this.pc)
    return this
  }
  op(...bytes: number[]): this {
    this.bytes.push(...bytes.map((b) => b & 0xff))
    return this
  }
  abs(opcode: number, address: number): this {
    return this.op(opcode, address & 0xff, address >> 8)
  }
  absLabel(opcode: number, label: string): this {
    this.op(opcode)
    this.fixups.push({ at: this.bytes.length, label, kind: 'abs' })
    return this.op(0, 0)
  }
  branch(opcode: number, label: string): this {
    this.op(opcode)
    this.fixups.push({ at: this.bytes.length, label, kind: 'rel' })
    return this.op(0)
  }
  address(label: string): number {
    const address = this.labels.get(label)
    if (address === undefined) throw new Error(`Unknown label ${label}`)
    return address
  }
  resolve(): number[] {
    for (const { at, label, kind } of this.fixups) {
      const target = this.address(label)
      if (kind === 'abs') {
        this.bytes[at] = target & 0xff
        this.bytes[at + 1] = target >> 8
      } else {
        const offset = target - (PRG_BASE + at + 1)
        if (offset < -128 || offset > 127) throw new Error(`Branch to ${label} out of range`)
        this.bytes[at] = offset & 0xff
      }
    }
    return this.bytes
  }
}

// Opcodes used below.
const LDA_IMM = 0xa9
const LDA_ABS = 0xad
const LDA_ABSX = 0xbd
const LDA_ZP = 0xa5
const STA_ABS = 0x8d
const STA_ZP = 0x85
const LDX_IMM = 0xa2
const STX_ABS = 0x8e
const BIT_ABS = 0x2c
const AND_IMM = 0x29
const CPX_IMM = 0xe0
const BPL = 0x10
const BEQ = 0xf0
const BNE = 0xd0
const JMP_ABS = 0x4c
const SEI = 0x78
const CLD = 0xd8
const TXS = 0x9a
const INX = 0xe8
const PHA = 0x48
const PLA = 0x68
const RTI = 0x40

const COLOR_VAR = 0x00

function emitReset(asm: Asm, initialColor: number): void {
  asm.label('reset').op(SEI, CLD)
  asm.op(LDX_IMM, 0x40).abs(STX_ABS, 0x4017) // no APU frame IRQ
  asm.op(LDX_IMM, 0xff, TXS, INX) // stack at $01FF, X = 0
  asm.abs(STX_ABS, 0x2000).abs(STX_ABS, 0x2001).abs(STX_ABS, 0x4010)
  // The PPU needs two vblanks after power-on before it takes writes.
  asm.label('vblank1').abs(BIT_ABS, 0x2002).branch(BPL, 'vblank1')
  asm.label('vblank2').abs(BIT_ABS, 0x2002).branch(BPL, 'vblank2')
  asm.op(LDA_IMM, initialColor, STA_ZP, COLOR_VAR)
  asm.op(LDA_IMM, 0x80).abs(STA_ABS, 0x2000) // NMI on vblank
  asm.op(LDA_IMM, 0x0a).abs(STA_ABS, 0x2001) // show background, including the left 8 pixels
}

/** NMI: write the colour variable to palette entry $3F00, then put the PPU address and scroll back at 0. */
function emitNmi(asm: Asm): void {
  asm.label('nmi').op(PHA).abs(LDA_ABS, 0x2002)
  asm.op(LDA_IMM, 0x3f).abs(STA_ABS, 0x2006).op(LDA_IMM, 0x00).abs(STA_ABS, 0x2006)
  asm.op(LDA_ZP, COLOR_VAR).abs(STA_ABS, 0x2007)
  asm.op(LDA_IMM, 0x00).abs(STA_ABS, 0x2006).abs(STA_ABS, 0x2006)
  asm.abs(STA_ABS, 0x2005).abs(STA_ABS, 0x2005)
  asm.op(LDA_IMM, 0x80).abs(STA_ABS, 0x2000)
  asm.op(PLA, RTI)
  asm.label('irq').op(RTI)
}

/** Reads controller 1 forever; the last pressed button's colour from `table` becomes the colour. */
function emitPadLoop(asm: Asm): void {
  asm.label('loop').op(LDA_IMM, 1).abs(STA_ABS, 0x4016).op(LDA_IMM, 0).abs(STA_ABS, 0x4016)
  asm.op(LDX_IMM, 0)
  asm.label('read').abs(LDA_ABS, 0x4016).op(AND_IMM, 1).branch(BEQ, 'next')
  asm.absLabel(LDA_ABSX, 'table').op(STA_ZP, COLOR_VAR)
  asm.label('next').op(INX, CPX_IMM, 8).branch(BNE, 'read')
  asm.absLabel(JMP_ABS, 'loop')
}

function packInes(program: number[], vectors: { nmi: number; reset: number; irq: number }) {
  const header = [0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  const prg = new Uint8Array(PRG_SIZE)
  prg.set(program)
  const put16 = (at: number, value: number) => {
    prg[at] = value & 0xff
    prg[at + 1] = value >> 8
  }
  put16(0x3ffa, vectors.nmi)
  put16(0x3ffc, vectors.reset)
  put16(0x3ffe, vectors.irq)
  const rom = new Uint8Array(header.length + PRG_SIZE + CHR_SIZE)
  rom.set(header)
  rom.set(prg, header.length)
  return rom
}

function build(initialColor: number, withPad: boolean): Uint8Array {
  const asm = new Asm()
  emitReset(asm, initialColor)
  if (withPad) emitPadLoop(asm)
  else asm.label('loop').absLabel(JMP_ABS, 'loop')
  emitNmi(asm)
  if (withPad) {
    asm.label('table')
    for (const button of STANDARD_BUTTON_ORDER) asm.op(BUTTON_COLORS[button])
  }
  const program = asm.resolve()
  return packInes(program, {
    nmi: asm.address('nmi'),
    reset: asm.address('reset'),
    irq: asm.address('irq'),
  })
}

/** A ROM whose whole picture is NES palette colour `color` ($00-$3F). */
export function buildSolidColorRom(color: number): Uint8Array {
  return build(color, false)
}

/** A ROM that starts with `initialColor` and switches to BUTTON_COLORS[b] when button b is pressed. */
export function buildButtonColorRom(initialColor: number): Uint8Array {
  return build(initialColor, true)
}

/**
 * A copy of `rom` with `tag` written in unused PRG bytes (the programs above are far shorter): the same
 * game as far as the picture goes, but other bytes, so the library (which refuses a ROM it already
 * holds) takes it as a game of its own.
 */
export function withTag(rom: Uint8Array, tag: string): Uint8Array {
  const copy = new Uint8Array(rom)
  copy.set(new TextEncoder().encode(tag).subarray(0, 256), 16 + 0x3000)
  return copy
}

export type { NesButtonName }
