import { describe, expect, it } from 'vitest'
import { DebugEngine } from './debug-engine'
import { buildTestProgram } from './test-program'

const FLAG_Z = 0x02
const FLAG_N = 0x80

function started() {
  const program = buildTestProgram()
  const engine = new DebugEngine(program.rom)
  engine.setLineMap(program.lineMap)
  return { program, engine }
}

describe('DebugEngine', () => {
  it('starts at the reset vector', () => {
    const { program, engine } = started()
    expect(engine.registers().pc).toBe(program.labels.get('RESET'))
    expect(engine.registers().s).toBe(0xfd)
  })

  it('stops on a breakpoint at a label in the included file', () => {
    const { program, engine } = started()
    const bump = program.labels.get('Bump')!
    engine.setBreakpoints([bump])
    const stop = engine.runToStop({ kind: 'continue' })
    expect(stop.reason).toEqual({ kind: 'breakpoint', address: bump })
    expect(stop.registers.pc).toBe(bump)
    expect(program.lineAt(bump)).toBe('sub.asm:3')
    expect(stop.registers.s).toBe(0xfd) // after TXS #$FF and the JSR's two bytes
  })

  it("stops on a breakpoint on the reset handler's first instruction, then continues past it", () => {
    const { program, engine } = started()
    const reset = program.labels.get('RESET')!
    engine.setBreakpoints([reset])
    // two frames at most: the reset code runs once, so a missed breakpoint would never stop a Continue
    const stop = engine.runToStop({ kind: 'frames', count: 2 })
    expect(stop.reason).toEqual({ kind: 'breakpoint', address: reset })
    expect(stop.registers.pc).toBe(reset)
    expect(program.lineAt(reset)).toBe('main.asm:13')
    // from there a run starts on it as usual: Continue leaves it (the reset code runs once)
    engine.setBreakpoints([reset, program.labels.get('Bump')!])
    expect(engine.runToStop({ kind: 'continue' }).registers.pc).toBe(program.labels.get('Bump'))
  })

  it('continues from a breakpoint to its next hit with the variables changed', () => {
    const { program, engine } = started()
    const bump = program.labels.get('Bump')!
    const counter = program.labels.get('counter')!
    engine.setBreakpoints([bump])
    engine.runToStop({ kind: 'continue' })
    expect(engine.readMemory(counter, 1)).toEqual(new Uint8Array([0]))
    const again = engine.runToStop({ kind: 'continue' })
    expect(again.registers.pc).toBe(bump)
    expect(engine.readMemory(counter, 2)).toEqual(new Uint8Array([1, 1]))
    expect(again.registers).toMatchObject({ a: 0x42, x: 0x07, y: 0x99 })
    expect(again.registers.p & FLAG_N).toBe(FLAG_N) // LDY #$99 is negative
    expect(again.registers.p & FLAG_Z).toBe(0)
  })

  it('stops on a breakpoint only while its code is at the address (bank switching)', () => {
    const { program, engine } = started()
    const bump = program.labels.get('Bump')!
    const inc = program.rom.slice(16 + (bump - 0xc000), 16 + (bump - 0xc000) + 2)
    expect([...inc]).toEqual([0xee, 0x10]) // INC counter (absolute)
    engine.setBreakpoints([{ address: bump, code: new Uint8Array([0xa9, 0x00]) }])
    expect(engine.runToStop({ kind: 'frames', count: 1 }).reason.kind).toBe('frames')
    engine.setBreakpoints([
      { address: bump, code: new Uint8Array([0xa9, 0x00]) },
      { address: bump, code: inc },
    ])
    expect(engine.runToStop({ kind: 'continue' }).reason).toEqual({
      kind: 'breakpoint',
      address: bump,
    })
  })

  it('steps one instruction', () => {
    const { program, engine } = started()
    const reset = program.labels.get('RESET')!
    const stop = engine.runToStop({ kind: 'instruction' })
    expect(stop.reason.kind).toBe('step')
    expect(stop.registers.pc).toBe(reset + 1) // SEI is one byte
    expect(stop.registers.cycles).toBeGreaterThan(0)
  })

  it('steps over a JSR to the next line, into it, and out of it', () => {
    const { program, engine } = started()
    const loop = program.labels.get('loop')!
    const bump = program.labels.get('Bump')!
    engine.setBreakpoints([loop])
    engine.runToStop({ kind: 'continue' })
    engine.setBreakpoints([])
    const over = engine.runToStop({ kind: 'line', over: true })
    expect(over.registers.pc).toBe(loop + 3)
    expect(program.lineAt(over.registers.pc)).toBe('main.asm:20')
    expect(engine.readMemory(program.labels.get('counter')!, 1)[0]).toBe(1)
    engine.setBreakpoints([loop])
    engine.runToStop({ kind: 'continue' })
    engine.setBreakpoints([])
    const into = engine.runToStop({ kind: 'line', over: false })
    expect(into.registers.pc).toBe(bump)
    const next = engine.runToStop({ kind: 'line', over: false })
    expect(program.lineAt(next.registers.pc)).toBe('sub.asm:4')
    const out = engine.runToStop({ kind: 'out' })
    expect(out.registers.pc).toBe(loop + 3)
    expect(out.registers.s).toBe(0xff)
  })

  it('runs to an address', () => {
    const { program, engine } = started()
    const target = program.lineAddress('main.asm', 21)
    const stop = engine.runToStop({ kind: 'to', address: target })
    expect(stop.reason.kind).toBe('step')
    expect(stop.registers.pc).toBe(target)
    expect(stop.registers.a).toBe(0x42)
  })

  it('stops on a write watchpoint with the value written', () => {
    const { program, engine } = started()
    const playerX = program.labels.get('playerX')!
    engine.setWatchpoints([{ address: playerX, access: 'write' }])
    engine.runToStop({ kind: 'instruction' })
    const stop = engine.runToStop({ kind: 'continue' })
    expect(stop.reason).toEqual({ kind: 'watchpoint', address: playerX, access: 'write', value: 1 })
    expect(program.lineAt(stop.registers.pc)).toBe('sub.asm:6') // the instruction after STA
    engine.setWatchpoints([])
    engine.setBreakpoints([])
    expect(engine.runToStop({ kind: 'frames', count: 2 }).reason.kind).toBe('frames')
  })

  it('writes RAM and refuses ROM', () => {
    const { engine } = started()
    engine.writeMemory(0x0300, new Uint8Array([1, 2]))
    expect(engine.readMemory(0x0b00, 2)).toEqual(new Uint8Array([1, 2])) // mirrored
    expect(() => engine.writeMemory(0xc000, new Uint8Array([1]))).toThrow(/not RAM/)
  })

  it('runs frames and gives a picture and the PPU state', () => {
    const { engine } = started()
    const stop = engine.runToStop({ kind: 'frames', count: 3 })
    expect(stop.registers.frame).toBe(3)
    expect(engine.pictureRgba()?.length).toBe(256 * 240 * 4)
    const ppu = engine.ppuState()
    expect(ppu.vram.length).toBe(0x4000)
    expect(ppu.oam.length).toBe(256)
    expect(ppu.palette.length).toBe(32)
  })

  it('runs in slices: a program that never stops returns control', () => {
    const { engine } = started()
    engine.start({ kind: 'continue' })
    expect(engine.slice(10_000)).toBeNull()
    expect(engine.isRunning()).toBe(true)
    expect(engine.pause().reason.kind).toBe('pause')
    expect(engine.isRunning()).toBe(false)
  })

  it('stops with a crash on an opcode the CPU does not have', () => {
    const { program, engine } = started()
    const bump = program.labels.get('Bump')!
    engine.setBreakpoints([bump])
    engine.runToStop({ kind: 'continue' })
    engine.setBreakpoints([])
    engine.writeMemory(0x0300, new Uint8Array([0x02])) // KIL (jams a real 6502)
    engine.setLineMap(new Int32Array(0x10000).fill(-1))
    // jump there: put $0300 on the stack as the return address - 1 and step out of Bump
    engine.writeMemory(0x01fe, new Uint8Array([0xff, 0x02]))
    const stop = engine.runToStop({ kind: 'continue' })
    expect(stop.reason).toEqual({
      kind: 'crash',
      message: expect.stringMatching(/^Game crashed, invalid opcode/),
    })
    expect(engine.isRunning()).toBe(false)
  })

  it('says a crash followed a BRK, and the IRQ/BRK vector it jumped through ($0000 here)', () => {
    const { program, engine } = started()
    engine.setBreakpoints([program.labels.get('Bump')!])
    engine.runToStop({ kind: 'continue' })
    engine.setBreakpoints([])
    engine.writeMemory(0x0300, new Uint8Array([0x00, 0x00])) // BRK (and its padding byte)
    engine.writeMemory(0x0000, new Uint8Array([0x02])) // where the unset vector ($0000) leads: KIL
    engine.setLineMap(new Int32Array(0x10000).fill(-1))
    engine.writeMemory(0x01fe, new Uint8Array([0xff, 0x02])) // Bump's RTS goes to $0300
    const stop = engine.runToStop({ kind: 'continue' })
    expect(stop.reason).toEqual({
      kind: 'crash',
      message: expect.stringMatching(/^Game crashed, invalid opcode/),
      afterBrk: { address: 0x0300, vector: 0 },
    })
  })

  it('refuses a mapper jsnes lacks with the Run-still-works message', () => {
    const { rom } = buildTestProgram(30)
    expect(() => new DebugEngine(rom)).toThrow(
      'Debugging is not available for mapper 30; Run still works',
    )
  })

  it('refuses bytes that are not a ROM', () => {
    expect(() => new DebugEngine(new Uint8Array(20))).toThrow(/Not an iNES ROM/)
  })
})
