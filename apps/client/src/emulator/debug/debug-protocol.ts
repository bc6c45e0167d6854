// Messages between the page and the debug worker (docs/worker-protocol.md's shape: discriminated unions with
// guards on both sides). Anything failing a guard is ignored; every request with an id gets exactly one answer
// with that id ('loaded', 'stopped', 'memory', 'ppu', 'done' or 'failure'), never an exception.
import type { Breakpoint, DebugStop, EmulatorErrorCode, PpuState, Watchpoint } from '../types'
import type { RunMode } from './debug-engine'

export type DebugRequest =
  | { type: 'load'; id: number; rom: Uint8Array }
  | { type: 'run'; id: number; mode: RunMode }
  | { type: 'pause' }
  | { type: 'breakpoints'; breakpoints: Breakpoint[] }
  | { type: 'watchpoints'; watchpoints: Watchpoint[] }
  | { type: 'lines'; lines: Int32Array }
  | { type: 'button'; button: number; down: boolean }
  | { type: 'read'; id: number; address: number; length: number }
  | { type: 'write'; id: number; address: number; bytes: Uint8Array }
  | { type: 'ppu'; id: number }
  | { type: 'picture'; id: number }

export type DebugResponse =
  | { type: 'loaded'; id: number; stop: DebugStop }
  | { type: 'stopped'; id: number; stop: DebugStop }
  | { type: 'memory'; id: number; bytes: Uint8Array }
  | { type: 'ppu'; id: number; state: PpuState }
  | { type: 'done'; id: number }
  /** The last finished picture (RGBA 256×240; black before the first frame) and the frames since power on. */
  | { type: 'picture'; id: number; pixels: Uint8ClampedArray; frame: number }
  | { type: 'failure'; id: number; code: EmulatorErrorCode | 'Failed'; message: string }
  /** A finished picture (RGBA, 256×240), posted at most about 60 times a second while running and on each stop. */
  | { type: 'frame'; pixels: Uint8ClampedArray; frame: number }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Typed-array checks by tag, not instanceof: a structured clone may come from another realm (tests, jsdom). */
function isTyped<T extends ArrayBufferView>(value: unknown, tag: string): value is T {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === `[object ${tag}]`
}
const isBytes = (v: unknown): v is Uint8Array => isTyped(v, 'Uint8Array')

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
const isAddress = (v: unknown): v is number => isInt(v) && v >= 0 && v <= 0xffff

function isRunMode(value: unknown): value is RunMode {
  if (!isRecord(value)) return false
  switch (value.kind) {
    case 'continue':
    case 'instruction':
    case 'out':
      return true
    case 'line':
      return typeof value.over === 'boolean'
    case 'frames':
      return isInt(value.count) && value.count > 0
    case 'to':
      return isAddress(value.address)
    default:
      return false
  }
}

function isBreakpoint(value: unknown): value is Breakpoint {
  return (
    isRecord(value) &&
    isAddress(value.address) &&
    (value.code === undefined || (isBytes(value.code) && value.code.length <= 3))
  )
}

function isWatchpoint(value: unknown): value is Watchpoint {
  return (
    isRecord(value) &&
    isAddress(value.address) &&
    (value.access === 'read' || value.access === 'write' || value.access === 'readwrite')
  )
}

export function isDebugRequest(value: unknown): value is DebugRequest {
  if (!isRecord(value)) return false
  switch (value.type) {
    case 'load':
      return isInt(value.id) && isBytes(value.rom)
    case 'run':
      return isInt(value.id) && isRunMode(value.mode)
    case 'pause':
      return true
    case 'breakpoints':
      return Array.isArray(value.breakpoints) && value.breakpoints.every(isBreakpoint)
    case 'watchpoints':
      return Array.isArray(value.watchpoints) && value.watchpoints.every(isWatchpoint)
    case 'lines':
      return isTyped<Int32Array>(value.lines, 'Int32Array') && value.lines.length === 0x10000
    case 'button':
      return (
        isInt(value.button) &&
        value.button >= 0 &&
        value.button < 8 &&
        typeof value.down === 'boolean'
      )
    case 'read':
      return (
        isInt(value.id) &&
        isAddress(value.address) &&
        isInt(value.length) &&
        value.length >= 0 &&
        value.length <= 0x10000
      )
    case 'write':
      return isInt(value.id) && isAddress(value.address) && isBytes(value.bytes)
    case 'ppu':
    case 'picture':
      return isInt(value.id)
    default:
      return false
  }
}

function isStop(value: unknown): value is DebugStop {
  return (
    isRecord(value) &&
    isRecord(value.reason) &&
    typeof value.reason.kind === 'string' &&
    isRecord(value.registers) &&
    isAddress(value.registers.pc)
  )
}

export function isDebugResponse(value: unknown): value is DebugResponse {
  if (!isRecord(value)) return false
  switch (value.type) {
    case 'loaded':
    case 'stopped':
      return isInt(value.id) && isStop(value.stop)
    case 'memory':
      return isInt(value.id) && isBytes(value.bytes)
    case 'ppu':
      return isInt(value.id) && isRecord(value.state) && isBytes(value.state.vram)
    case 'done':
      return isInt(value.id)
    case 'picture':
      return isInt(value.id) && isTyped(value.pixels, 'Uint8ClampedArray') && isInt(value.frame)
    case 'failure':
      return isInt(value.id) && typeof value.code === 'string' && typeof value.message === 'string'
    case 'frame':
      return isTyped(value.pixels, 'Uint8ClampedArray') && isInt(value.frame)
    default:
      return false
  }
}

/** The id of a request the worker could not read, so its answer can still be paired (-1 without one). */
export function requestIdOf(value: unknown): number {
  return isRecord(value) && isInt(value.id) ? value.id : -1
}
