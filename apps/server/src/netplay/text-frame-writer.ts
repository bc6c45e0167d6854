// Writes the server's text messages to a socket as ready-made WebSocket frames, all of one event-loop
// turn in one buffer and one write. Through `ws.send` each message was two writes on the TCP socket's
// stream (frame header, then the text), buffered while corked and joined by a writev of 2 × N pieces:
// Node's stream code and writev were the largest parts of the server's profile at 200 rooms
// (bench/netplay/README.md). A server's frame is unmasked (RFC 6455 5.1), so it is a 2-, 4- or 10-byte
// header and the UTF-8 text: the bytes `ws` writes for it (text-frame-writer.test.ts). `ws` still reads
// the socket and writes everything else (binary messages, pings, close): the owner flushes what waits
// here before any of those, so every frame goes out whole and in order.

/** The part of a net.Socket this needs. */
export interface RawSocket {
  write(bytes: Uint8Array): boolean
  readonly destroyed: boolean
}

const FIN_TEXT = 0x81

/** The header's length for a payload of `length` bytes. */
function headerBytes(length: number): number {
  return length <= 125 ? 2 : length <= 0xffff ? 4 : 10
}

/** Writes the header of an unmasked, final text frame of `length` bytes at `at`; returns its end. */
function writeHeader(buffer: Buffer, at: number, length: number): number {
  buffer[at] = FIN_TEXT
  if (length <= 125) {
    buffer[at + 1] = length
    return at + 2
  }
  if (length <= 0xffff) {
    buffer[at + 1] = 126
    buffer.writeUInt16BE(length, at + 2)
    return at + 4
  }
  buffer[at + 1] = 127
  buffer.writeUInt32BE(Math.floor(length / 0x1_0000_0000), at + 2)
  buffer.writeUInt32BE(length >>> 0, at + 6)
  return at + 10
}

/** `texts` as consecutive unmasked WebSocket text frames (`lengths`: each text's UTF-8 bytes). */
function encode(texts: readonly string[], lengths: number[]): Buffer {
  let size = 0
  for (let i = 0; i < texts.length; i++) {
    const length = Buffer.byteLength(texts[i]!)
    lengths[i] = length
    size += headerBytes(length) + length
  }
  const buffer = Buffer.allocUnsafe(size)
  let at = 0
  for (let i = 0; i < texts.length; i++) {
    at = writeHeader(buffer, at, lengths[i]!)
    at += buffer.write(texts[i]!, at)
  }
  return buffer
}

/** `texts` as the bytes of consecutive server (unmasked) WebSocket text frames. */
export function encodeTextFrames(texts: readonly string[]): Buffer {
  return encode(texts, [])
}

const waiting: TextFrameWriter[] = []
let isScheduled = false

function flushWaiting(): void {
  isScheduled = false
  // A writer flushed early (before a binary message or a close) and written to again in the same turn
  // is listed twice; its second flush finds nothing.
  for (const writer of waiting.splice(0)) writer.flush()
}

/** One socket's text messages of this turn of the event loop, written together when the turn ends. */
export class TextFrameWriter {
  private readonly texts: string[] = []
  private readonly lengths: number[] = []

  /**
   * `isOpen`: whether frames may still be written (the WebSocket is open); `written`: called after
   * each write (the owner's check on what the socket holds).
   */
  constructor(
    private readonly socket: RawSocket,
    private readonly isOpen: () => boolean,
    private readonly written: () => void,
  ) {}

  /** Queues `text` to go out at the end of this turn (after every message read in it was handled). */
  push(text: string): void {
    if (this.texts.push(text) > 1) return
    waiting.push(this)
    if (!isScheduled) {
      isScheduled = true
      // setImmediate runs after the poll phase: every message read in this turn has been answered.
      setImmediate(flushWaiting)
    }
  }

  /** Writes what waits now, as one buffer (nothing when the socket is gone or closing). */
  flush(): void {
    const texts = this.texts
    if (texts.length === 0) return
    const isWritable = !this.socket.destroyed && this.isOpen()
    const bytes = isWritable ? encode(texts, this.lengths) : undefined
    texts.length = 0
    if (!bytes) return
    this.socket.write(bytes)
    this.written()
  }

  /** Forgets what waits (the socket is being closed at once). */
  drop(): void {
    this.texts.length = 0
  }
}
