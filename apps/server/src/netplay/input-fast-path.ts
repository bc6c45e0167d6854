// The input message, a player's pad for the next frames, is most of what a room receives (60 a second
// from each player). JSON.parse and the zod schema on each were a tenth of the server's time at 200 rooms
// (bench/netplay/README.md), so the exact form the client sends (`JSON.stringify({ t, f, p })`) is read
// here with one anchored pattern and the same checks the schema makes. Anything else, including the same
// message written another way, goes the general way (JSON.parse and clientMessageSchema): this path
// accepts nothing the schema would refuse.
import { NETPLAY_MAX_INPUT_BATCH } from '@nes-studio/shared/netplay-constants'
import type { ClientMessage } from '@nes-studio/shared/netplay-api'

/** A pad byte as JSON writes it: no leading zeros, no sign, no fraction. */
const PAD = '(?:0|[1-9][0-9]{0,2})'
const INPUT_TEXT = new RegExp(
  `^\\{"t":"input","f":([1-9][0-9]{0,9}),"p":\\[(${PAD}(?:,${PAD})*)\\]\\}$`,
)

type InputMessage = Extract<ClientMessage, { t: 'input' }>

/** The input message in `text` when it is one in the client's exact form and valid; else undefined. */
export function readInputFast(text: string): InputMessage | undefined {
  if (!text.startsWith('{"t":"input",')) return undefined
  const match = INPUT_TEXT.exec(text)
  if (!match) return undefined
  const f = Number(match[1])
  if (f > 0xffff_ffff) return undefined
  const p = match[2]!.split(',').map(Number)
  if (p.length > NETPLAY_MAX_INPUT_BATCH) return undefined
  for (const pad of p) if (pad > 255) return undefined
  return { t: 'input', f, p }
}
