// Reads emulated memory through RetroArch's command interface (READ_CORE_MEMORY), which answers about one
// frame later: send the command, then poll for the reply line.
import type { EjsModule } from './ejs-globals'

const POLL_MS = 4
const GIVE_UP_MS = 2000

function parseReply(reply: string, address: number, length: number): Uint8Array | undefined {
  const parts = reply.trim().split(/\s+/)
  if (parts[0] !== 'READ_CORE_MEMORY' || parseInt(parts[1] ?? '', 16) !== address) return undefined
  if (parts[2] === '-1') throw new Error(`Cannot read memory at $${address.toString(16)}`)
  const bytes = parts.slice(2, 2 + length).map((hex) => parseInt(hex, 16))
  return Uint8Array.from(bytes)
}

export function createMemoryReader(module: () => EjsModule | undefined) {
  // One request at a time: replies carry no id, only the address.
  let queue: Promise<unknown> = Promise.resolve()

  async function readNow(address: number, length: number): Promise<Uint8Array> {
    const mod = module()
    if (!mod?.EmscriptenSendCommand || !mod.EmscriptenReceiveCommandReply) {
      throw new Error('Memory access is not available')
    }
    mod.EmscriptenSendCommand(`READ_CORE_MEMORY ${address.toString(16)} ${length}\n`)
    const deadline = performance.now() + GIVE_UP_MS
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      const reply = mod.EmscriptenReceiveCommandReply()
      if (!reply) continue
      const bytes = parseReply(reply, address, length)
      if (bytes) return bytes
    }
    throw new Error('No reply from the emulator (is it paused?)')
  }

  return {
    read(address: number, length: number): Promise<Uint8Array> {
      const next = queue.then(() => readNow(address, length))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
