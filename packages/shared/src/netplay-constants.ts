/**
 * The zod-free half of the online-play contract (docs/netplay.md): limits, close codes, the pad byte and
 * the framing of binary messages (a cartridge's bytes, a save state). Kept apart from netplay-api.ts so
 * the player can use them without loading zod; netplay-api.ts re-exports them.
 */

/**
 * Version of the wire protocol a client speaks (`hello.v`); the server refuses any other, saying which side
 * is older. 2: the round trip is timed by the server's WebSocket pings (version 1's page sent JSON `ping`).
 */
export const NETPLAY_PROTOCOL_VERSION = 2

/** NES frames per second (NTSC): the lockstep clock. */
export const NES_FRAMES_PER_SECOND = 60.0988

/** Input delay bounds, in frames: the room picks one from the players' measured round trips. */
export const NETPLAY_MIN_DELAY_FRAMES = 2
export const NETPLAY_MAX_DELAY_FRAMES = 6

/** Every this many frames each browser sends a hash of its emulator state; a mismatch re-syncs it. */
export const NETPLAY_HASH_EVERY_FRAMES = 60

/** A player whose connection drops keeps the seat this long (ms); later the host plays on alone. */
export const NETPLAY_RECONNECT_MS = 30_000

/** A room with nobody connected ends after this long (ms): 10 minutes. */
export const NETPLAY_IDLE_ROOM_MS = 10 * 60_000

/** Default caps, configurable on the server (NETPLAY_MAX_ROOMS, NETPLAY_MAX_SPECTATORS). */
export const NETPLAY_DEFAULT_MAX_ROOMS = 500
export const NETPLAY_DEFAULT_MAX_SPECTATORS = 8

/** A socket sending more than this many messages in a second is closed (code `flood`). */
export const NETPLAY_MAX_MESSAGES_PER_SECOND = 120

/** Largest text (JSON) message a client may send, in bytes; bytes travel as binary messages. */
export const NETPLAY_MAX_TEXT_BYTES = 2048

/** Most frames of input one `input` message may carry (a browser catching up sends several). */
export const NETPLAY_MAX_INPUT_BATCH = 32

/**
 * How far past the last frame every player's input is in (the confirmed frame) a player may send input,
 * in frames: a lockstep browser is at most the input delay ahead, so anything further is not a browser.
 */
export const NETPLAY_MAX_INPUT_AHEAD = 240

/** Frames of confirmed input the server keeps, so a browser back from a short drop catches up without a state. */
export const NETPLAY_LOG_FRAMES = 1800

/** Largest save state a room carries, in bytes (fceumm's are ≈14-22 KiB; MMC5 games more). */
export const NETPLAY_MAX_STATE_BYTES = 1024 * 1024

/**
 * WebSocket close codes the server uses (4000-4999 are the application's). The close reason is a
 * sentence for the person playing.
 */
export const NETPLAY_CLOSE = {
  /** The room ended (the host left, or it stood empty); the reason says why. */
  ended: 4000,
  /** A message that is not JSON, not a known message, or not allowed now. */
  badMessage: 4400,
  /** Only the host may do this (or the host key was wrong). */
  forbidden: 4403,
  /** No room has this id on this server (it ended, or the link is wrong). */
  notFound: 4404,
  /** The same seat connected again from another socket. */
  replaced: 4409,
  /** A message, cartridge or state over its size limit. */
  tooLarge: 4413,
  /** Input for frames out of the range a lockstep browser can be at. */
  outOfRange: 4422,
  /** More than NETPLAY_MAX_MESSAGES_PER_SECOND messages in a second. */
  flood: 4429,
  /** The room has as many spectators as it takes. */
  full: 4503,
} as const

/**
 * One controller in one frame, as one byte: bit 0 A, 1 B, 2 SELECT, 3 START, 4 Up, 5 Down, 6 Left,
 * 7 Right (the order the NES shifts them out of $4016).
 */
export const PAD_BITS = {
  a: 0x01,
  b: 0x02,
  select: 0x04,
  start: 0x08,
  up: 0x10,
  down: 0x20,
  left: 0x40,
  right: 0x80,
} as const

/** What a binary message carries (its first byte). */
export const NETPLAY_BULK_KIND = {
  /** A slot cartridge's iNES bytes: from the host once, to each browser that joins. */
  rom: 1,
  /** A save state taken after frame `frame` (the host's answer to `state-request` `id`, or a load). */
  state: 2,
} as const
export type NetplayBulkKind = (typeof NETPLAY_BULK_KIND)[keyof typeof NETPLAY_BULK_KIND]

/** A binary message: kind (1 byte), frame (u32 LE), id (u32 LE), then the bytes. */
export interface NetplayBulk {
  kind: NetplayBulkKind
  /** For a state: the last frame it includes (0 for the power-on picture). 0 for a cartridge. */
  frame: number
  /** For a state sent to the server: the `state-request` it answers. 0 otherwise. */
  id: number
  bytes: Uint8Array
}

/** Header bytes before a binary message's payload. */
export const NETPLAY_BULK_HEADER_BYTES = 9

/** Frames a binary message (see {@link NetplayBulk}). */
export function encodeBulk(bulk: NetplayBulk): Uint8Array {
  const out = new Uint8Array(NETPLAY_BULK_HEADER_BYTES + bulk.bytes.length)
  const view = new DataView(out.buffer)
  view.setUint8(0, bulk.kind)
  view.setUint32(1, bulk.frame, true)
  view.setUint32(5, bulk.id, true)
  out.set(bulk.bytes, NETPLAY_BULK_HEADER_BYTES)
  return out
}

/** Reads a binary message; undefined when it is shorter than its header or of an unknown kind. */
export function decodeBulk(data: Uint8Array): NetplayBulk | undefined {
  if (data.length < NETPLAY_BULK_HEADER_BYTES) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const kind = view.getUint8(0)
  if (kind !== NETPLAY_BULK_KIND.rom && kind !== NETPLAY_BULK_KIND.state) return undefined
  return {
    kind,
    frame: view.getUint32(1, true),
    id: view.getUint32(5, true),
    bytes: data.subarray(NETPLAY_BULK_HEADER_BYTES),
  }
}

/** The page a room's invite link opens: `/room/<roomId>` on the same server. */
export function roomInvitePath(roomId: string): string {
  return `/room/${encodeURIComponent(roomId)}`
}

/** The WebSocket path of a room (same origin as the page). */
export function roomSocketPath(roomId: string): string {
  return `/api/netplay/rooms/${encodeURIComponent(roomId)}/socket`
}
