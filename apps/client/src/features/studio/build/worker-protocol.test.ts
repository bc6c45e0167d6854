import { describe, expect, it } from 'vitest'
import {
  isAssembleRequest,
  isFailureResponse,
  isReadyResponse,
  isResultResponse,
  isWorkerResponse,
  requestIdOf,
} from './worker-protocol'

const input = {
  files: { 'main.asm': Uint8Array.of(0x20) },
  main: 'main.asm',
  options: { listLevel: 2 },
}

describe('worker protocol guards', () => {
  it('accepts a well-formed assemble request and rejects malformed ones', () => {
    expect(isAssembleRequest({ type: 'assemble', id: 1, input })).toBe(true)
    expect(isAssembleRequest({ type: 'assemble', id: '1', input })).toBe(false)
    expect(
      isAssembleRequest({
        type: 'assemble',
        id: 1,
        input: { ...input, files: { 'main.asm': 'text' } },
      }),
    ).toBe(false)
    expect(isAssembleRequest({ type: 'assemble', id: 1, input: { files: {} } })).toBe(false)
    expect(isAssembleRequest(null)).toBe(false)
    expect(isAssembleRequest({ type: 'other', id: 1, input })).toBe(false)
  })

  it('tells the three responses apart', () => {
    const ok = {
      type: 'result',
      id: 3,
      elapsedMs: 1.5,
      result: { ok: true, rom: Uint8Array.of(1), stdout: '', diagnostics: [], assembledBytes: 1 },
    }
    const failed = {
      type: 'result',
      id: 4,
      elapsedMs: 1,
      result: { ok: false, stdout: '', diagnostics: [], assembledBytes: 1 },
    }
    expect(isResultResponse(ok)).toBe(true)
    expect(isResultResponse(failed)).toBe(true)
    expect(
      isResultResponse({ ...ok, result: { ok: true, diagnostics: [], assembledBytes: 1 } }),
    ).toBe(false)
    expect(isResultResponse({ ...ok, elapsedMs: undefined })).toBe(false)
    const debug = {
      main: 'main.asm',
      files: ['main.asm'],
      statements: Int32Array.of(0, 1, 0, 0xc000, 1, 0),
      macroLines: new Int32Array(),
      macros: [],
      labels: [],
      prgBanks: 2,
      battery: false,
    }
    expect(isResultResponse({ ...ok, debug })).toBe(true)
    expect(
      isResultResponse({ ...ok, debug: { ...debug, statements: [0, 1, 0, 0xc000, 1, 0] } }),
    ).toBe(false)
    // An older assembler without assembledBytes cannot say whether anything was assembled.
    expect(
      isResultResponse({ ...failed, result: { ok: false, stdout: '', diagnostics: [] } }),
    ).toBe(false)
    expect(isReadyResponse({ type: 'ready' })).toBe(true)
    expect(isFailureResponse({ type: 'failure', id: 2, message: 'boom' })).toBe(true)
    expect(isFailureResponse({ type: 'failure', id: 2 })).toBe(false)
    expect(isWorkerResponse({ type: 'assemble', id: 1, input })).toBe(false)
  })

  it('recovers the id of an unreadable request when it has one', () => {
    expect(requestIdOf({ id: 7 })).toBe(7)
    expect(requestIdOf('junk')).toBe(-1)
  })
})
