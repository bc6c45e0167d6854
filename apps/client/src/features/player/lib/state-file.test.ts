import { describe, expect, it } from 'vitest'
import { readStateFile, stateFileProblem, writeStateFile } from './state-file'

const state = new Uint8Array([...'RASTATE'].map((c) => c.charCodeAt(0)).concat([1, 2, 3, 4]))
const info = {
  core: 'fceumm',
  coreVersion: '4.2.3',
  romSha1: 'a'.repeat(40),
  createdAt: '2026-11-23T06:00:00.000Z',
}

describe('state files', () => {
  it('round-trip the state and what it belongs to', () => {
    const read = readStateFile(writeStateFile(state, info))
    expect(read).toEqual({ ok: true, state, info })
  })

  it('refuse a plain RetroArch state: it does not say which game it belongs to', () => {
    expect(readStateFile(state)).toEqual({
      ok: false,
      message: expect.stringMatching(/does not say which game/),
    })
  })

  it('refuse other files, truncated or damaged ones, with a message', () => {
    const file = writeStateFile(state, info)
    for (const bad of [
      new TextEncoder().encode('hello'),
      file.subarray(0, 20),
      file.subarray(0, file.length - state.length),
      Uint8Array.from(file).fill(0x7b, 20, 22),
    ]) {
      expect(readStateFile(bad)).toEqual({
        ok: false,
        message: expect.stringMatching(/not a save state/),
      })
    }
  })

  it('name the reason a state does not fit the running game', () => {
    const game = { romSha1: info.romSha1, coreVersion: '4.2.3' }
    expect(stateFileProblem(info, game)).toBeUndefined()
    expect(stateFileProblem({ ...info, romSha1: 'b'.repeat(40) }, game)).toMatch(/another game/)
    expect(stateFileProblem({ ...info, coreVersion: '4.1.0' }, game)).toMatch(/4\.1\.0/)
  })
})
