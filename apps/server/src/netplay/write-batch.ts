// Coalesces what the server writes to each socket in one turn of the event loop into one system call.
// Each WebSocket message used to be a writev of its own (a room sends 3 per frame, the profile at 200
// rooms had writev as its largest self time: bench/netplay/README.md); a socket corked on its first
// write of a turn is uncorked once, after the turn's I/O callbacks, and sends everything in one write.
// The messages stay separate WebSocket frames: only the system calls are fewer.

/** The part of a net.Socket this needs. */
export interface Corkable {
  cork(): void
  uncork(): void
  readonly destroyed: boolean
}

const corked = new Set<Corkable>()
let isScheduled = false

function flush(): void {
  isScheduled = false
  for (const socket of corked) if (!socket.destroyed) socket.uncork()
  corked.clear()
}

/** Holds `socket`'s writes until the end of this turn of the event loop (once per turn). */
export function holdUntilTurnEnds(socket: Corkable): void {
  if (socket.destroyed || corked.has(socket)) return
  socket.cork()
  corked.add(socket)
  if (!isScheduled) {
    isScheduled = true
    // setImmediate runs after the poll phase: every message read in this turn has been answered.
    setImmediate(flush)
  }
}
