/**
 * Online play (docs/netplay.md): opening a room over HTTP, and the messages a room's WebSocket carries,
 * as zod discriminated unions on `t` (text messages are JSON; a cartridge's bytes and save states are
 * binary, see netplay-constants.ts). The server validates every client message with
 * {@link clientMessageSchema}; the browser checks the server's with {@link serverMessageSchema}.
 */
import { z } from 'zod'
import { NETPLAY_MAX_INPUT_BATCH, NETPLAY_PROTOCOL_VERSION } from './netplay-constants'

export * from './netplay-constants'

/** A room id: opaque, URL-safe, at least 128 bits of randomness. */
export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,80}$/, 'not a room id')

/** The 128-bit secrets a room hands out (host key, seat token), base64url. */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/)

const frameSchema = z.number().int().min(0).max(0xffff_ffff)
const padSchema = z.number().int().min(0).max(255)

/** The game a room plays: a library entry (each browser loads it from the library) or a slot cartridge. */
export const roomGameSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('library'),
    romId: z.string().min(1).max(100),
    /** Set by the server from the library entry. */
    fileName: z.string().min(1).max(255).optional(),
  }),
  z.object({
    kind: z.literal('cartridge'),
    fileName: z.string().min(1).max(255),
    /** Bytes of the iNES file the host sends through the room. */
    size: z.number().int().positive(),
  }),
])
export type RoomGame = z.infer<typeof roomGameSchema>

/** `POST /api/netplay/rooms` body. */
export const createRoomRequestSchema = z.object({ game: roomGameSchema })
export type CreateRoomRequest = z.infer<typeof createRoomRequestSchema>

/** `POST /api/netplay/rooms` → 201. */
export const createRoomResponseSchema = z.object({
  roomId: roomIdSchema,
  /** Proves the host when its socket says `hello`; never shown to anyone else. */
  hostKey: secretSchema,
  /** `/room/<roomId>`: the invite link's path on this server. */
  invitePath: z.string(),
})
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>

// Client → server (text).

export const clientMessageSchema = z.discriminatedUnion('t', [
  /** First message on a socket. `hostKey` for the host; `seat` to take a held seat back; `at` the frame the browser's game is at. */
  z.object({
    t: z.literal('hello'),
    v: z.literal(NETPLAY_PROTOCOL_VERSION),
    hostKey: secretSchema.optional(),
    seat: secretSchema.optional(),
    at: frameSchema.optional(),
  }),
  /** The game is loaded and held: send the state to start from (the host: its game is held and counting). */
  z.object({ t: z.literal('ready') }),
  /** This player's pad for frames `f`, `f + 1`, ... (one byte each, PAD_BITS). */
  z.object({
    t: z.literal('input'),
    f: frameSchema.min(1),
    p: z.array(padSchema).min(1).max(NETPLAY_MAX_INPUT_BATCH),
  }),
  /** Hash of the emulator state after frame `f` (every NETPLAY_HASH_EVERY_FRAMES). */
  z.object({ t: z.literal('hash'), f: frameSchema, h: z.string().regex(/^[0-9a-f]{16}$/) }),
  z.object({ t: z.literal('pause'), on: z.boolean() }),
  /** This player's tab is hidden (no animation frames): the room waits and says whose tab it is. */
  z.object({ t: z.literal('hidden'), on: z.boolean() }),
  /** Host only: pad 2 goes to this spectator (the player who had it watches). */
  z.object({ t: z.literal('give-pad'), to: z.string().min(1).max(100) }),
  /** This browser lost track (too far behind): send it a state again. */
  z.object({ t: z.literal('need-state') }),
  /** Leaving on purpose: the host ends the room; a player frees pad 2 at once. */
  z.object({ t: z.literal('leave') }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>
export type HelloMessage = Extract<ClientMessage, { t: 'hello' }>

// Server → client (text).

export const memberRoleSchema = z.enum(['host', 'player', 'spectator'])
export type MemberRole = z.infer<typeof memberRoleSchema>

export const roomMemberSchema = z.object({
  id: z.string(),
  role: memberRoleSchema,
  /** 1 (the host), 2, or null for a spectator. */
  pad: z.union([z.literal(1), z.literal(2)]).nullable(),
  /** False while a player's connection is down and the seat is held for NETPLAY_RECONNECT_MS. */
  connected: z.boolean(),
  /** The player's tab is hidden. */
  hidden: z.boolean(),
  /**
   * The member's round trip to the room, ms (0 until measured): timed by the room's home server with
   * WebSocket pings, which the browser's network stack answers, so it is the network's (and the hop
   * between app servers when the member reached another one), not the page's main thread.
   */
  rtt: z.number(),
})
export type RoomMember = z.infer<typeof roomMemberSchema>

/** Why the room is not advancing on purpose (a network wait is not a pause). */
export const roomPauseSchema = z.object({
  reason: z.enum(['pause', 'hidden']),
  /** The pad of the player who paused or whose tab is hidden. */
  pad: z.union([z.literal(1), z.literal(2)]),
})
export type RoomPause = z.infer<typeof roomPauseSchema>

export const serverMessageSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('welcome'),
    you: z.string(),
    role: memberRoleSchema,
    pad: z.union([z.literal(1), z.literal(2)]).nullable(),
    /** Give it back in `hello.seat` after a dropped connection (players only). */
    seat: z.string().nullable(),
    game: roomGameSchema,
    /** The first frame this player sends input for (null: not a player, or not until its state arrives). */
    inputFrom: frameSchema.nullable(),
    /** True when the hello's `at` was used: confirmed frames follow from `at + 1`, no state. */
    resumed: z.boolean(),
  }),
  /** Who is in the room and how it runs; sent on every change. */
  z.object({
    t: z.literal('roster'),
    members: z.array(roomMemberSchema),
    /** The largest input delay of the room's pads, in frames (what a spectator shows). */
    delay: z.number().int(),
    /**
     * Each pad's input delay, in frames (docs/netplay.md, "Input delay"): with two players both are the
     * one-way time between them; a player alone covers its own round trip.
     */
    delays: z.tuple([z.number().int(), z.number().int()]),
    /** States re-sent after a hash mismatch, since the room opened. */
    resyncs: z.number().int(),
    paused: roomPauseSchema.nullable(),
    /** Pads whose player's connection is down (the game waits for them). */
    waitingFor: z.array(z.union([z.literal(1), z.literal(2)])),
  }),
  /** Both pads of frames `f`, `f + 1`, ... — every browser runs exactly these. */
  z.object({
    t: z.literal('frames'),
    f: frameSchema.min(1),
    p: z.array(z.tuple([padSchema, padSchema])).min(1),
  }),
  /**
   * The other player's pad for frames `f`, `f + 1`, … as that player sent it, relayed the moment the
   * room takes it (before the frames are confirmed): a player knows its own pad, so with this it can run
   * a frame one way from the other player rather than a round trip of its own (docs/netplay.md).
   * Spectators get only `frames`.
   */
  z.object({
    t: z.literal('input'),
    pad: z.union([z.literal(1), z.literal(2)]),
    f: frameSchema.min(1),
    p: z.array(padSchema).min(1).max(NETPLAY_MAX_INPUT_BATCH),
  }),
  /** This browser's role changed (the host handed pad 2 over). */
  z.object({
    t: z.literal('role'),
    role: memberRoleSchema,
    pad: z.union([z.literal(1), z.literal(2)]).nullable(),
    seat: z.string().nullable(),
    inputFrom: frameSchema.nullable(),
  }),
  /** To the host: send a state of your game now, as a binary message with this id. */
  z.object({ t: z.literal('state-request'), id: z.number().int().positive() }),
  /** A browser's state hash differed from the host's and it was sent the host's state. */
  z.object({ t: z.literal('resynced'), count: z.number().int(), pads: z.array(z.number()) }),
  /** Something this browser asked for was refused; the room goes on. */
  z.object({ t: z.literal('notice'), message: z.string() }),
  /** The room is over; the socket closes after this. */
  z.object({ t: z.literal('ended'), reason: z.string() }),
])
export type ServerMessage = z.infer<typeof serverMessageSchema>
