// One browser's part in a room: the connection, the lockstep loop driven by animation frames (and a
// timer that sends input the moment a frame is due), the emulator held in lockstep, hidden tabs, and a
// view of it all for the player's room panel. Loaded on demand (it brings zod for the server's messages).
import type {
  HelloMessage,
  MemberRole,
  NetplayBulk,
  RoomGame,
  RoomMember,
  RoomPause,
  ServerMessage,
} from '@nes-studio/shared/netplay-api'
import { NETPLAY_PROTOCOL_VERSION } from '@nes-studio/shared/netplay-constants'
import type { EmulatorHost } from '../emulator/types'
import { FrameDriver } from './frame-driver'
import { Lockstep } from './lockstep'
import type { LockstepCore } from './lockstep'
import { RoomConnection } from './room-connection'

export type SessionPhase = 'connecting' | 'loading' | 'playing' | 'reconnecting' | 'ended'

/** What the room panel shows. */
export interface SessionView {
  phase: SessionPhase
  role: MemberRole | null
  pad: 1 | 2 | null
  me: string | null
  members: RoomMember[]
  delay: number
  /** Round trip between the players through the server, ms (own only when alone). */
  pingMs: number
  resyncs: number
  paused: RoomPause | null
  /** Pads whose player's connection is down. */
  waitingFor: (1 | 2)[]
  /** How long this browser has waited for the next frame, ms. */
  waitingMs: number
  game: RoomGame | null
  /** Why the room is over for this browser. */
  endedReason: string | null
  /** A short note: "Re-synced", or what the room refused. */
  note: string | null
  /** Counts the notes shown, so the same words again are a new note. */
  noteId: number
  /** The last state hashes this browser sent, "frame:hash" (for tests and support). */
  hashes: string[]
}

export interface SessionOptions {
  emulator: EmulatorHost
  roomId: string
  /** Host: the key the room was opened with, and the cartridge's bytes for a slot cartridge. */
  host?: { hostKey: string; cartridge?: Uint8Array }
  /** Guest: loads and starts the room's game (resolves once it runs). */
  startGame?(game: RoomGame, cartridge: Uint8Array | undefined): Promise<void>
  onView(view: SessionView): void
}

const VIEW_EVERY_MS = 250

export class NetplaySession {
  private readonly connection: RoomConnection
  private loop: Lockstep | undefined
  private view: SessionView
  private cartridge: Uint8Array | undefined
  private seat: string | undefined
  private driver: FrameDriver | undefined
  private viewTimer: ReturnType<typeof setInterval> | undefined
  private noteTimer: ReturnType<typeof setTimeout> | undefined
  private starting: Promise<void> | undefined

  constructor(private readonly options: SessionOptions) {
    this.view = {
      phase: 'connecting',
      role: null,
      pad: null,
      me: null,
      members: [],
      delay: 0,
      pingMs: 0,
      resyncs: 0,
      paused: null,
      waitingFor: [],
      waitingMs: 0,
      game: null,
      endedReason: null,
      note: null,
      noteId: 0,
      hashes: [],
    }
    this.connection = new RoomConnection(options.roomId, {
      hello: () => this.hello(),
      message: (msg) => this.onMessage(msg),
      bulk: (bulk) => this.onBulk(bulk),
      reconnecting: () => this.update({ phase: 'reconnecting' }),
      closed: (reason) => this.end(reason),
    })
    document.addEventListener('visibilitychange', this.onVisibility)
    this.connection.connect()
    this.viewTimer = setInterval(() => this.refreshView(), VIEW_EVERY_MS)
  }

  private hello(): HelloMessage {
    // A guest whose connection dropped before the host's state reached it has no frame to resume
    // from: without `at` the room sends the state again (it had counted it as delivered).
    const at = this.loop?.isSynced && this.view.phase !== 'connecting' ? this.loop.frame : undefined
    return {
      t: 'hello',
      v: NETPLAY_PROTOCOL_VERSION,
      ...(this.options.host ? { hostKey: this.options.host.hostKey } : {}),
      ...(this.seat ? { seat: this.seat } : {}),
      ...(at !== undefined ? { at } : {}),
    }
  }

  /** Leaves the room (the host ends it) and gives the game back to this page. */
  leave(): void {
    this.connection.leave()
    this.end('You left the room.')
  }

  /** Pauses or resumes the room for everyone (players only). */
  setPaused(on: boolean): void {
    this.connection.send({ t: 'pause', on })
  }

  /** Host: hands pad 2 to a spectator. */
  givePad(memberId: string): void {
    this.connection.send({ t: 'give-pad', to: memberId })
  }

  private update(change: Partial<SessionView>): void {
    this.view = { ...this.view, ...change }
    this.options.onView(this.view)
  }

  private refreshView(): void {
    const waitingMs = this.loop?.status(performance.now()).waitingMs ?? 0
    // The room times every member's round trip (WebSocket pings): a player's ping is its own and the
    // other player's, the round trip between the two; a spectator's its own.
    const own = this.view.members.find((m) => m.id === this.view.me)?.rtt ?? 0
    const others = this.view.members.filter((m) => m.pad !== null && m.id !== this.view.me)
    const pingMs = own + (this.view.pad !== null ? (others[0]?.rtt ?? 0) : 0)
    if (waitingMs !== this.view.waitingMs || pingMs !== this.view.pingMs) {
      this.update({ waitingMs, pingMs })
    }
  }

  private showNote(note: string): void {
    clearTimeout(this.noteTimer)
    this.update({ note, noteId: this.view.noteId + 1 })
    this.noteTimer = setTimeout(() => this.update({ note: null }), 4000)
  }

  /** A player's own pad's delay; a spectator shows the room's largest. */
  private ownDelay(roster: Extract<ServerMessage, { t: 'roster' }>): number {
    const pad = this.view.pad
    return pad === null ? roster.delay : roster.delays[pad - 1]!
  }

  private onMessage(msg: ServerMessage): void {
    switch (msg.t) {
      case 'welcome':
        return this.onWelcome(msg)
      case 'roster':
        this.loop?.setDelay(this.ownDelay(msg))
        this.loop?.setPaused(msg.paused !== null)
        return this.update({
          members: msg.members,
          delay: this.ownDelay(msg),
          resyncs: msg.resyncs,
          paused: msg.paused,
          waitingFor: msg.waitingFor,
        })
      case 'frames':
        this.loop?.receiveFrames(msg.f, msg.p)
        return this.driver?.wake()
      case 'input':
        this.loop?.receiveInput(msg.pad, msg.f, msg.p)
        return this.driver?.wake()
      case 'role':
        this.seat = msg.seat ?? undefined
        this.loop?.setRole(msg.pad, msg.inputFrom)
        return this.update({ role: msg.role, pad: msg.pad })
      case 'state-request':
        return this.loop?.stateRequested(msg.id)
      case 'resynced':
        this.showNote(
          `Re-synced: ${msg.pads.includes(0) ? 'a spectator' : `player ${msg.pads.join(', ')}`} was sent the host's game again.`,
        )
        return this.update({ resyncs: msg.count })
      case 'notice':
        return this.showNote(msg.message)
      case 'ended':
        return this.end(msg.reason)
    }
  }

  private onWelcome(msg: Extract<ServerMessage, { t: 'welcome' }>): void {
    this.seat = msg.seat ?? this.seat
    this.update({ me: msg.you, role: msg.role, pad: msg.pad, game: msg.game })
    if (this.loop) {
      // Back after a dropped connection: resumed from where this game is, or given a state again.
      this.loop.setRole(msg.pad, msg.inputFrom)
      if (!msg.resumed && msg.role !== 'host') this.connection.send({ t: 'ready' })
      this.update({ phase: 'playing' })
      return
    }
    this.starting ??= this.begin(msg).catch((error: unknown) => {
      this.connection.leave()
      this.end(error instanceof Error ? error.message : String(error))
    })
  }

  /** Holds this page's game in lockstep (a guest first loads the room's game) and asks for frames. */
  private async begin(msg: Extract<ServerMessage, { t: 'welcome' }>): Promise<void> {
    const { emulator, host } = this.options
    const isHost = host !== undefined
    // A paused game never reaches the frame boundary the hold waits for.
    if (isHost && emulator.isPaused()) emulator.resume()
    if (!isHost) {
      this.update({ phase: 'loading' })
      const cartridge = msg.game.kind === 'cartridge' ? await this.cartridgeBytes() : undefined
      await this.options.startGame?.(msg.game, cartridge)
    }
    await emulator.enterLockstep()
    const core: LockstepCore = {
      stepFrame: (pads) => emulator.stepWithPads(pads),
      saveState: () => emulator.saveState(),
      loadState: (state) => emulator.loadStateNow(state),
      localPad: () => emulator.localPad(),
      setWaiting: (waiting) => emulator.setWaiting(waiting),
    }
    this.loop = new Lockstep(
      core,
      {
        sendInput: (f, p) => this.connection.send({ t: 'input', f, p }),
        sendHash: (f, h) => {
          this.connection.send({ t: 'hash', f, h })
          this.update({ hashes: [...this.view.hashes.slice(-9), `${f}:${h}`] })
        },
        sendState: (id, frame, bytes) => this.connection.sendBulk({ kind: 2, frame, id, bytes }),
        needState: () => this.connection.send({ t: 'need-state' }),
      },
      { hasState: isHost },
    )
    this.loop.setDelay(this.view.delay || 3)
    this.loop.setPaused(this.view.paused !== null)
    this.loop.setRole(this.view.pad, isHost ? msg.inputFrom : null)
    this.connection.send({ t: 'ready' })
    if (isHost && host.cartridge) {
      this.connection.sendBulk({ kind: 1, frame: 0, id: 0, bytes: host.cartridge })
    }
    this.onVisibility()
    this.update({ phase: 'playing' })
    this.driver = new FrameDriver(this.loop, (error) => {
      this.connection.leave()
      this.end(`The game stopped: ${error instanceof Error ? error.message : String(error)}`)
    })
    this.driver.start()
  }

  /** A slot cartridge's bytes, sent by the room right after the welcome. */
  private cartridgeBytes(): Promise<Uint8Array> {
    if (this.cartridge) return Promise.resolve(this.cartridge)
    return new Promise((resolve) => {
      this.onCartridge = resolve
    })
  }

  private onCartridge: ((bytes: Uint8Array) => void) | undefined

  private onBulk(bulk: NetplayBulk): void {
    if (bulk.kind === 1) {
      this.cartridge = bulk.bytes
      this.onCartridge?.(bulk.bytes)
      return
    }
    this.loop?.receiveState(bulk.frame, bulk.bytes)
  }

  private readonly onVisibility = () => {
    if (this.view.pad === null || this.view.phase === 'ended' || !this.loop) return
    this.connection.send({ t: 'hidden', on: document.visibilityState === 'hidden' })
  }

  private end(reason: string): void {
    if (this.view.phase === 'ended') return
    this.driver?.stop()
    clearInterval(this.viewTimer)
    document.removeEventListener('visibilitychange', this.onVisibility)
    const { emulator } = this.options
    if (emulator.isRunning()) emulator.leaveLockstep()
    this.update({ phase: 'ended', endedReason: reason, paused: null, waitingMs: 0 })
  }
}
