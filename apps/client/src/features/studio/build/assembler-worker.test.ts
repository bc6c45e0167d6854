import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MAIN_SOURCE, SUB_SOURCE } from '../../../emulator/debug/test-program'
import { isDebugData } from './debug-data'
import { isResultResponse } from './worker-protocol'
import type { ResultResponse } from './worker-protocol'

// The real worker module on a fake worker scope: what it posts is what the studio and the debugger receive.
const posted: unknown[] = []
const scope = new EventTarget() as EventTarget & { postMessage: (m: unknown) => void }
scope.postMessage = (message: unknown) => posted.push(structuredClone(message))

const encode = (text: string) => new TextEncoder().encode(text)
const files = {
  'main.asm': encode(MAIN_SOURCE.replace('MAPPER', '0').replace('RENDER', '')),
  'sub.asm': encode(SUB_SOURCE),
}

async function ask(id: number, debug: boolean): Promise<ResultResponse> {
  scope.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'assemble', id, input: { files, main: 'main.asm', options: { debug } } },
    }),
  )
  await vi.waitFor(() => expect(posted.some((m) => (m as { id?: number }).id === id)).toBe(true))
  const answer = posted.find((m) => (m as { id?: number }).id === id)
  if (!isResultResponse(answer)) throw new Error('not a result')
  return answer
}

describe('assembler.worker', () => {
  beforeAll(async () => {
    vi.stubGlobal('self', scope)
    await import('./assembler.worker')
  })

  it('posts the debug information as plain data, once, next to the result', async () => {
    const answer = await ask(1, true)
    expect(answer.result.ok).toBe(true)
    expect('debug' in answer.result).toBe(false)
    expect(isDebugData(answer.debug)).toBe(true)
    expect(answer.debug?.files).toEqual(['main.asm', 'sub.asm'])
    expect(answer.debug?.labels.some((l) => l.name === 'Bump')).toBe(true)
  })

  it('sends no debug data for a plain compile', async () => {
    const answer = await ask(2, false)
    expect(answer.result.ok).toBe(true)
    expect(answer.debug).toBeUndefined()
  })
})
