// How relay envelopes travel as PostgreSQL NOTIFY payloads (text under 8000 bytes): the envelopes one
// server sends another in one turn of its event loop are packed into as few payloads as fit, an envelope
// too large for one (a cartridge, a state, a long run of frames) is cut into numbered fragments that the
// receiver joins again, and bytes travel as base64. Payloads are plain ASCII (other characters escaped),
// so their length in characters is their length in bytes.
import type { NetplayBulk } from '@nes-studio/shared/netplay-api'
import type { ToGateway, ToHome } from './room-relay'

/** Bytes of a NOTIFY payload we fill at most (PostgreSQL refuses 8000 or more). */
export const PAYLOAD_LIMIT = 7800

/** An envelope for a home ('h') or a gateway ('g'). */
export type Routed = { to: 'h'; envelope: ToHome } | { to: 'g'; envelope: ToGateway }

interface Fragment {
  /** Fragment set id (unique per sender), index, count, text. */
  f: number
  i: number
  n: number
  d: string
}

type WireBulk = Omit<NetplayBulk, 'bytes'> & { b64: string }

function toAscii(json: string): string {
  return json.replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** One envelope as JSON text (bytes as base64). */
export function encodeRouted(routed: Routed): string {
  const { envelope } = routed
  if (envelope.k !== 'bulk') return toAscii(JSON.stringify([routed.to, envelope]))
  const { bytes, ...rest } = envelope.bulk
  const bulk: WireBulk = { ...rest, b64: Buffer.from(bytes).toString('base64') }
  return toAscii(JSON.stringify([routed.to, { ...envelope, bulk }]))
}

export function decodeRouted(value: unknown): Routed | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined
  const [to, envelope] = value as [unknown, { k?: unknown; bulk?: WireBulk }]
  if ((to !== 'h' && to !== 'g') || typeof envelope !== 'object' || envelope === null) {
    return undefined
  }
  if (envelope.k === 'bulk' && envelope.bulk) {
    const { b64, ...rest } = envelope.bulk
    const bytes = new Uint8Array(Buffer.from(b64, 'base64'))
    return { to, envelope: { ...envelope, bulk: { ...rest, bytes } } } as Routed
  }
  return { to, envelope } as Routed
}

/**
 * Packs encoded envelopes into payloads of at most `limit` bytes: `{"q":seq,"e":[…]}` where each element
 * is an envelope or a fragment of one. `nextId` numbers fragment sets; `seq` makes every payload unique
 * (PostgreSQL drops a repeated payload within one transaction).
 */
export function packPayloads(
  encoded: readonly string[],
  nextId: () => number,
  nextSeq: () => number,
  limit = PAYLOAD_LIMIT,
): string[] {
  const room = limit - 40 // the wrapper and a sequence number
  const elements: string[] = []
  for (const text of encoded) {
    if (text.length <= room - 1) {
      elements.push(text)
      continue
    }
    // Fragments carry their slice as base64: JSON text inside a JSON string would be escaped longer.
    const id = nextId()
    const size = Math.floor(((room - 60) * 3) / 4)
    const count = Math.ceil(text.length / size)
    for (let i = 0; i < count; i++) {
      const slice = Buffer.from(text.slice(i * size, (i + 1) * size), 'latin1').toString('base64')
      const fragment: Fragment = { f: id, i, n: count, d: slice }
      elements.push(JSON.stringify(fragment))
    }
  }
  const payloads: string[] = []
  let batch: string[] = []
  let length = 0
  const flush = () => {
    if (batch.length === 0) return
    payloads.push(`{"q":${nextSeq()},"e":[${batch.join(',')}]}`)
    batch = []
    length = 0
  }
  for (const element of elements) {
    if (length + element.length + 1 > room) flush()
    batch.push(element)
    length += element.length + 1
  }
  flush()
  return payloads
}

/** Joins fragments back into envelopes, per sending server. */
export class FragmentJoiner {
  private readonly sets = new Map<string, { parts: string[]; got: number; since: number }>()

  constructor(private readonly maxSets = 64) {}

  /** The envelopes a payload from `sender` completes, in order. */
  take(sender: string, payload: string, now = Date.now()): Routed[] {
    const parsed = JSON.parse(payload) as { e?: unknown[] }
    const out: Routed[] = []
    for (const element of parsed.e ?? []) {
      const whole = this.join(sender, element, now)
      const routed = whole === undefined ? undefined : decodeRouted(whole)
      if (routed) out.push(routed)
    }
    return out
  }

  private join(sender: string, element: unknown, now: number): unknown {
    if (Array.isArray(element)) return element
    const fragment = element as Partial<Fragment>
    if (typeof fragment.f !== 'number' || typeof fragment.d !== 'string') return undefined
    const key = `${sender}/${fragment.f}`
    let set = this.sets.get(key)
    if (!set) {
      this.dropStale(now)
      set = { parts: new Array<string>(fragment.n ?? 0), got: 0, since: now }
      this.sets.set(key, set)
    }
    if (set.parts[fragment.i ?? -1] === undefined) set.got += 1
    set.parts[fragment.i ?? 0] = Buffer.from(fragment.d, 'base64').toString('latin1')
    if (set.got < set.parts.length) return undefined
    this.sets.delete(key)
    return JSON.parse(set.parts.join(''))
  }

  /** Sets never completed (a sender that died mid-way) are dropped after 30 s, or when too many. */
  private dropStale(now: number): void {
    for (const [key, set] of this.sets) {
      if (now - set.since > 30_000 || this.sets.size >= this.maxSets) this.sets.delete(key)
    }
  }
}
