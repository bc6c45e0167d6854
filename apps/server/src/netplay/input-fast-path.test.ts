import { describe, expect, it } from 'vitest'
import { clientMessageSchema } from '@nes-studio/shared/netplay-api'
import { readInputFast } from './input-fast-path'

/** What the general path makes of `text`: the parsed message, or undefined when it is refused. */
function general(text: string): unknown {
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

describe('readInputFast', () => {
  it('reads the input messages the client writes, as the schema does', () => {
    for (const msg of [
      { t: 'input', f: 1, p: [0] },
      { t: 'input', f: 4_294_967_295, p: [255, 0, 9, 10, 99, 100, 200] },
      { t: 'input', f: 123_456, p: Array.from({ length: 32 }, (_, i) => i * 8) },
    ]) {
      const text = JSON.stringify(msg)
      expect(readInputFast(text)).toEqual(msg)
      expect(readInputFast(text)).toEqual(general(text))
    }
  })

  it('accepts nothing the schema refuses', () => {
    for (const text of [
      '{"t":"input","f":0,"p":[0]}', // frames start at 1
      '{"t":"input","f":4294967296,"p":[0]}', // past 32 bits
      '{"t":"input","f":99999999999,"p":[0]}',
      '{"t":"input","f":01,"p":[0]}', // not JSON
      '{"t":"input","f":1,"p":[256]}', // not a pad byte
      '{"t":"input","f":1,"p":[007]}',
      '{"t":"input","f":1,"p":[-1]}',
      '{"t":"input","f":1,"p":[1.5]}',
      '{"t":"input","f":1,"p":[]}',
      `{"t":"input","f":1,"p":[${Array(33).fill(0).join(',')}]}`, // more than a batch
      '{"t":"input","f":1,"p":[0],}',
      '{"t":"input","f":1,"p":[0]}x',
      '{"t":"input","f":1,"p":[0,]}',
    ]) {
      expect(readInputFast(text), text).toBeUndefined()
      expect(general(text), text).toBeUndefined()
    }
  })

  it('leaves other forms of a valid input message to the general path', () => {
    for (const text of [
      '{"f":1,"t":"input","p":[0]}',
      '{"t": "input", "f": 1, "p": [0]}',
      '{"t":"input","f":1,"p":[0],"x":1}',
      ' {"t":"input","f":1,"p":[0]}',
    ]) {
      expect(readInputFast(text), text).toBeUndefined()
      expect(general(text), text).toMatchObject({ t: 'input', f: 1, p: [0] })
    }
  })
})
