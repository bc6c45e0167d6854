// Messages between the studio and the cc65 worker (docs/worker-protocol.md), in the shape of the assembler
// worker's: a discriminated union with guards on both sides; every build request gets one 'result' or 'failure'
// with its id, and the worker says 'ready' once the toolchain has loaded, or 'load-failed' when it cannot.
import { isDebugData } from '../debug-data'
import type { DebugData } from '../debug-data'
import type { StudioDiagnostic } from '../studio-diagnostic'

/** Studio -> worker: build these files with build.sh's text (`script`), or the default build without it. */
export interface Cc65BuildRequest {
  type: 'build'
  id: number
  files: Record<string, Uint8Array>
  /** Folders of the project (empty ones too). */
  folders: string[]
  script?: string
  /** Build with debug information and answer the debugger's data. */
  debug: boolean
}

export interface Cc65ReadyResponse {
  type: 'ready'
}

export interface Cc65LoadFailedResponse {
  type: 'load-failed'
  message: string
}

/** Worker -> studio: the build's outcome (see run-build.ts Cc65Build), and its time in milliseconds. */
export interface Cc65ResultResponse {
  type: 'result'
  id: number
  ok: boolean
  rom?: Uint8Array
  log: string
  diagnostics: StudioDiagnostic[]
  failure?: { line: number; message: string }
  elapsedMs: number
  /** Tool runs answered from the worker's cache, and runs of the tools. */
  reused: number
  ran: number
  /** A debug build's data, or why there is none. */
  debug?: DebugData
  debugError?: string
}

/** Worker -> studio: the request could not be run (malformed, or the build code threw: a bug). */
export interface Cc65FailureResponse {
  type: 'failure'
  id: number
  message: string
}

export type Cc65Response =
  Cc65ReadyResponse | Cc65LoadFailedResponse | Cc65ResultResponse | Cc65FailureResponse

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const isBytes = (value: unknown): value is Uint8Array =>
  Object.prototype.toString.call(value) === '[object Uint8Array]'

export function isCc65BuildRequest(value: unknown): value is Cc65BuildRequest {
  return (
    isRecord(value) &&
    value.type === 'build' &&
    typeof value.id === 'number' &&
    isRecord(value.files) &&
    Object.values(value.files).every(isBytes) &&
    Array.isArray(value.folders) &&
    value.folders.every((f) => typeof f === 'string') &&
    (value.script === undefined || typeof value.script === 'string') &&
    typeof value.debug === 'boolean'
  )
}

export function isCc65Response(value: unknown): value is Cc65Response {
  if (!isRecord(value)) return false
  switch (value.type) {
    case 'ready':
      return true
    case 'load-failed':
      return typeof value.message === 'string'
    case 'failure':
      return typeof value.id === 'number' && typeof value.message === 'string'
    case 'result':
      return (
        typeof value.id === 'number' &&
        typeof value.ok === 'boolean' &&
        (value.rom === undefined || isBytes(value.rom)) &&
        typeof value.log === 'string' &&
        Array.isArray(value.diagnostics) &&
        typeof value.elapsedMs === 'number' &&
        (value.debug === undefined || isDebugData(value.debug))
      )
    default:
      return false
  }
}
