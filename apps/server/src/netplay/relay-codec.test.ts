import { describe, expect, it } from 'vitest'
import { FragmentJoiner, PAYLOAD_LIMIT, encodeRouted, packPayloads } from './relay-codec'
import type { Routed } from './relay-codec'

function counter() {
  let n = 0
  return () => ++n
}

function roundTrip(items: Routed[], senders = ['a1']): Routed[] {
  const joiner = new FragmentJoiner()
  const out: Routed[] = []
  for (const sender of senders) {
    for (const payload of packPayloads(items.map(encodeRouted), counter(), counter())) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(PAYLOAD_LIMIT)
      out.push(...joiner.take(sender, payload))
    }
  }
  return out
}

describe('relay codec', () => {
  it('packs many small envelopes into one payload and gives them back in order', () => {
    const items: Routed[] = Array.from({ length: 50 }, (_, i) => ({
      to: 'g',
      envelope: {
        k: 'send',
        members: ['a1.1', 'a1.2'],
        msg: { t: 'frames', f: i + 1, p: [[i, 0]] },
      },
    }))
    const payloads = packPayloads(items.map(encodeRouted), counter(), counter())
    expect(payloads).toHaveLength(1)
    expect(roundTrip(items)).toEqual(items)
  })

  it('cuts a cartridge into fragments under the NOTIFY limit and joins them again, bytes intact', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff)
    const items: Routed[] = [
      {
        to: 'h',
        envelope: {
          k: 'bulk',
          room: 'a1.r',
          member: 'b2.1',
          bulk: { kind: 1, frame: 0, id: 0, bytes },
        },
      },
      { to: 'h', envelope: { k: 'gone', room: 'a1.r', member: 'b2.1', clean: true } },
    ]
    const payloads = packPayloads(items.map(encodeRouted), counter(), counter())
    expect(payloads.length).toBeGreaterThan(17)
    const [bulk, gone] = roundTrip(items)
    const back = bulk?.envelope.k === 'bulk' ? bulk.envelope.bulk.bytes : undefined
    expect(Buffer.compare(Buffer.from(back ?? []), Buffer.from(bytes))).toBe(0)
    expect(gone).toEqual(items[1])
  })

  it('keeps text outside ASCII (names, reasons) and joins fragments per sending server', () => {
    const reason = 'Le jeu « ゼルダ – 2 » est terminé. '.repeat(400)
    const item: Routed = { to: 'g', envelope: { k: 'close', member: 'a1.3', code: 4000, reason } }
    const joiner = new FragmentJoiner()
    const a = packPayloads([encodeRouted(item)], counter(), counter())
    const b = packPayloads([encodeRouted(item)], counter(), counter())
    expect(a.length).toBeGreaterThan(1)
    const out: Routed[] = []
    // Two servers' fragments with the same set ids, interleaved.
    for (let i = 0; i < a.length; i++) {
      out.push(...joiner.take('a1', a[i]!), ...joiner.take('b2', b[i]!))
    }
    expect(out).toEqual([item, item])
  })
})
