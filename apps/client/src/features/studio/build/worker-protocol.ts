// Messages between the studio and the assembler worker (docs/worker-protocol.md). A discriminated union with type
// guards on both sides: anything that fails a guard is ignored by the receiver, and every assemble request gets
// exactly one 'result' or 'failure' answer with the same id, never an exception across the boundary.
import type { AssembleInput, AssembleResult } from '@nes-studio/assembler'
import { isDebugData } from './debug-data'
import type { DebugData } from './debug-data'

/** Studio -> worker: assemble these files. `id` pairs the answer with the request. */
export interface AssembleRequest {
  type: 'assemble'
  id: number
  input: AssembleInput
}

export type WorkerRequest = AssembleRequest

/** Worker -> studio, once, after the assembler module has loaded. */
export interface ReadyResponse {
  type: 'ready'
}

/**
 * Worker -> studio: the assembler's result (which itself may be ok: false; never with `result.debug`, which a
 * structured clone cannot carry), and its run time in milliseconds. With `options.debug` in the request, `debug`
 * is the debug information as plain data (also when the assembly failed: its map is then empty or partial).
 */
export interface ResultResponse {
  type: 'result'
  id: number
  result: AssembleResult
  elapsedMs: number
  debug?: DebugData
}

/** Worker -> studio: the request could not be run (malformed request, or the assembler threw: a bug). */
export interface FailureResponse {
  type: 'failure'
  id: number
  message: string
}

export type WorkerResponse = ReadyResponse | ResultResponse | FailureResponse

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** By tag, not `instanceof`: a clone may come from another realm (an iframe, a test environment). */
const isBytes = (value: unknown): value is Uint8Array =>
  Object.prototype.toString.call(value) === '[object Uint8Array]'

function isFileMap(value: unknown): value is Record<string, Uint8Array> {
  return isRecord(value) && Object.values(value).every(isBytes)
}

export function isAssembleRequest(value: unknown): value is AssembleRequest {
  if (!isRecord(value) || value.type !== 'assemble' || typeof value.id !== 'number') return false
  const input = value.input
  return isRecord(input) && typeof input.main === 'string' && isFileMap(input.files)
}

export function isWorkerRequest(value: unknown): value is WorkerRequest {
  return isAssembleRequest(value)
}

function isAssembleResult(value: unknown): value is AssembleResult {
  if (
    !isRecord(value) ||
    typeof value.ok !== 'boolean' ||
    !Array.isArray(value.diagnostics) ||
    typeof value.assembledBytes !== 'number'
  )
    return false
  return value.ok ? isBytes(value.rom) : true
}

export function isReadyResponse(value: unknown): value is ReadyResponse {
  return isRecord(value) && value.type === 'ready'
}

export function isResultResponse(value: unknown): value is ResultResponse {
  return (
    isRecord(value) &&
    value.type === 'result' &&
    typeof value.id === 'number' &&
    typeof value.elapsedMs === 'number' &&
    isAssembleResult(value.result) &&
    (value.debug === undefined || isDebugData(value.debug))
  )
}

export function isFailureResponse(value: unknown): value is FailureResponse {
  return (
    isRecord(value) &&
    value.type === 'failure' &&
    typeof value.id === 'number' &&
    typeof value.message === 'string'
  )
}

export function isWorkerResponse(value: unknown): value is WorkerResponse {
  return isReadyResponse(value) || isResultResponse(value) || isFailureResponse(value)
}

/** The id of a request the worker could not read, so the answer can still be paired when an id is present. */
export function requestIdOf(value: unknown): number {
  return isRecord(value) && typeof value.id === 'number' ? value.id : -1
}
