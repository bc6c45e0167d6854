import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NetplayTrace } from './test-trace'

describe('NetplayTrace (NETPLAY_TEST_TRACE)', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  function traceFile(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'netplay-trace-'))
    dirs.push(dir)
    return path.join(dir, 'trace.jsonl')
  }

  it('writes one JSON line per input, frames or hash message, on the wall clock, and nothing else', () => {
    const file = traceFile()
    const trace = new NetplayTrace(file)
    const before = Date.now()
    trace.record('in', 'a.1', '{"t":"input","f":12,"p":[1]}')
    trace.record('queued', 'a.2', '{"t":"frames","f":12,"p":[[1,0]]}')
    trace.record('written', 'a.2', '{"t":"frames","f":12,"p":[[1,0]]}')
    trace.record('in', 'a.1', '{"t":"ready"}')
    trace.record('in', 'a.1', '{"t":"hash","f":60,"h":"0011223344556677"}')
    trace.close()
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((l: { e: string; m: string }) => `${l.e} ${l.m}`)).toEqual([
      'in a.1',
      'queued a.2',
      'written a.2',
      'in a.1',
    ])
    expect(lines[0].x).toBe('{"t":"input","f":12,"p":[1]}')
    for (const line of lines as { at: number }[]) {
      expect(line.at).toBeGreaterThanOrEqual(before - 5)
      expect(line.at).toBeLessThanOrEqual(Date.now() + 5)
    }
  })

  it('starts the file empty', () => {
    const file = traceFile()
    const first = new NetplayTrace(file)
    first.record('in', 'a.1', '{"t":"input","f":1,"p":[0]}')
    first.close()
    new NetplayTrace(file).close()
    expect(readFileSync(file, 'utf8')).toBe('')
  })
})
