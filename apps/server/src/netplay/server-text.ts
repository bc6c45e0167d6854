// The text of a server message. `frames` and the relayed `input` are nearly everything a room sends (one
// of each per frame); they are written here directly, the same text JSON.stringify gives for them
// (server-text.test.ts), without its walk over the object. Every other message is JSON.stringify's.
import type { ServerMessage } from '@nes-studio/shared/netplay-api'

/** `msg` as the JSON text a socket carries. */
export function serverText(msg: ServerMessage): string {
  if (msg.t === 'frames') {
    let pads = ''
    for (let i = 0; i < msg.p.length; i++) {
      const pair = msg.p[i]!
      pads += `${i === 0 ? '' : ','}[${pair[0]},${pair[1]}]`
    }
    return `{"t":"frames","f":${msg.f},"p":[${pads}]}`
  }
  if (msg.t === 'input') {
    return `{"t":"input","pad":${msg.pad},"f":${msg.f},"p":[${msg.p.join(',')}]}`
  }
  return JSON.stringify(msg)
}
