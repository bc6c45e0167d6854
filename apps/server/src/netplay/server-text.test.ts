import { describe, expect, it } from 'vitest'
import { serverMessageSchema } from '@nes-studio/shared/netplay-api'
import type { ServerMessage } from '@nes-studio/shared/netplay-api'
import { serverText } from './server-text'

describe('serverText', () => {
  it('writes frames and relayed input as JSON.stringify does', () => {
    const messages: ServerMessage[] = [
      { t: 'frames', f: 1, p: [[0, 0]] },
      {
        t: 'frames',
        f: 4_294_967_295,
        p: [
          [255, 1],
          [0, 128],
          [7, 7],
        ],
      },
      { t: 'input', pad: 1, f: 9, p: [0] },
      { t: 'input', pad: 2, f: 123_456, p: Array.from({ length: 32 }, (_, i) => i * 8) },
      { t: 'state-request', id: 12 },
    ]
    for (const msg of messages) {
      const text = serverText(msg)
      expect(text).toBe(JSON.stringify(msg))
      expect(serverMessageSchema.parse(JSON.parse(text))).toEqual(msg)
    }
  })
})
