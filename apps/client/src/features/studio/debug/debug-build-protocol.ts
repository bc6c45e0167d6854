// Messages to and from the debug build worker: the same files the build assembles, answered with the ROM and
// the `.dbg.json` text (the build worker's answer cannot carry the source map: a structured clone drops its
// methods). Guards on both sides, one answer per id.
import type { StudioDiagnostic } from '../build/studio-diagnostic'

export interface DebugBuildRequest {
  type: 'debug-build'
  id: number
  files: Record<string, Uint8Array>
  main: string
}

export type DebugBuildResponse =
  | { type: 'built'; id: number; rom: Uint8Array; debugJson: string }
  | { type: 'build-failed'; id: number; message: string; diagnostics: StudioDiagnostic[] }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const isBytes = (v: unknown): v is Uint8Array =>
  ArrayBuffer.isView(v) && Object.prototype.toString.call(v) === '[object Uint8Array]'

export function isDebugBuildRequest(value: unknown): value is DebugBuildRequest {
  return (
    isRecord(value) &&
    value.type === 'debug-build' &&
    typeof value.id === 'number' &&
    typeof value.main === 'string' &&
    isRecord(value.files) &&
    Object.values(value.files).every(isBytes)
  )
}

export function isDebugBuildResponse(value: unknown): value is DebugBuildResponse {
  if (!isRecord(value) || typeof value.id !== 'number') return false
  if (value.type === 'built') return isBytes(value.rom) && typeof value.debugJson === 'string'
  return (
    value.type === 'build-failed' &&
    typeof value.message === 'string' &&
    Array.isArray(value.diagnostics)
  )
}
