// RoomRelay through PostgreSQL LISTEN/NOTIFY: several app servers on one database (DATABASE_URL) let
// browsers that reached different servers play in one room. Each server LISTENs on its own channel,
// `netplay_<serverId>`; what it sends another server in one turn of its event loop goes as one NOTIFY
// statement (envelopes packed into payloads under 8000 bytes, larger ones in fragments: relay-codec.ts),
// from one connection, so a server's messages reach another in the order sent. Nothing is stored: a
// cartridge crosses as fragments of notifications and lives in the rooms' memory only.
import pg from 'pg'
import { FragmentJoiner, encodeRouted, packPayloads } from '../../netplay/relay-codec'
import type { Routed } from '../../netplay/relay-codec'
import type { RelayHandlers, RoomRelay, ToGateway, ToHome } from '../../netplay/room-relay'

export interface PostgresRoomRelayOptions {
  connectionString: string
  serverId: string
  /** Called with problems worth a log line (a lost LISTEN connection, a payload that did not parse). */
  warn?: (message: string) => void
}

const channelOf = (serverId: string) => `netplay_${serverId}`

export class PostgresRoomRelay implements RoomRelay {
  readonly serverId: string
  private handlers: RelayHandlers | undefined
  private listener: pg.Client | undefined
  private sender: pg.Client | undefined
  private readonly outbox = new Map<string, string[]>()
  private isFlushScheduled = false
  private sending: Promise<void> | undefined
  private readonly joiner = new FragmentJoiner()
  private fragmentId = 0
  private payloadSeq = 0
  private isClosed = false

  constructor(private readonly options: PostgresRoomRelayOptions) {
    if (!/^[0-9a-f]{1,40}$/.test(options.serverId)) throw new Error('A server id is lowercase hex')
    this.serverId = options.serverId
  }

  async start(handlers: RelayHandlers): Promise<void> {
    this.handlers = handlers
    this.sender = await this.connect()
    // Notifications are not data worth a disk flush each: a commit need not wait for the WAL.
    await this.sender.query('SET synchronous_commit = off')
    await this.listen()
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.connectionString })
    client.on('error', (err) => this.options.warn?.(`netplay relay: ${err.message}`))
    await client.connect()
    return client
  }

  private async listen(): Promise<void> {
    const client = await this.connect()
    client.on('notification', (n) => {
      if (n.channel === channelOf(this.serverId) && n.payload) this.receive(n.payload)
    })
    client.on('end', () => {
      if (this.isClosed) return
      this.options.warn?.('netplay relay: the LISTEN connection ended; connecting again')
      setTimeout(() => void this.listen().catch(() => undefined), 1000)
    })
    await client.query(`LISTEN ${channelOf(this.serverId)}`)
    this.listener = client
  }

  private receive(payload: string): void {
    let routed: Routed[]
    try {
      const sender = /"s":"([0-9a-f]+)"/.exec(payload)?.[1] ?? ''
      routed = this.joiner.take(sender, payload)
    } catch (error) {
      this.options.warn?.(`netplay relay: a payload did not parse (${String(error)})`)
      return
    }
    for (const item of routed) this.deliver(item)
  }

  private deliver(item: Routed): void {
    if (item.to === 'h') this.handlers?.toHome(item.envelope)
    else this.handlers?.toGateway(item.envelope)
  }

  toHome(home: string, envelope: ToHome): void {
    this.route(home, { to: 'h', envelope })
  }

  toGateway(server: string, envelope: ToGateway): void {
    this.route(server, { to: 'g', envelope })
  }

  private route(server: string, item: Routed): void {
    if (server === this.serverId) return this.deliver(item)
    // Anything else that is not our own hex id names no server: it would not be a valid channel.
    if (!/^[0-9a-f]{1,40}$/.test(server) || this.isClosed) return
    const queue = this.outbox.get(server)
    const encoded = encodeRouted(item)
    if (queue) queue.push(encoded)
    else this.outbox.set(server, [encoded])
    if (!this.isFlushScheduled) {
      this.isFlushScheduled = true
      setImmediate(() => void this.flush())
    }
  }

  /** Sends what waits, as one statement; what is queued meanwhile goes with the next. */
  private async flush(): Promise<void> {
    this.isFlushScheduled = false
    if (this.sending) {
      await this.sending
      if (this.outbox.size > 0 && !this.isFlushScheduled) void this.flush()
      return
    }
    const args: string[] = []
    for (const [server, encoded] of this.outbox) {
      const payloads = packPayloads(
        encoded,
        () => ++this.fragmentId,
        () => ++this.payloadSeq,
      )
      for (const payload of payloads) {
        // The sender's id leads the payload, so fragments are joined per sender.
        args.push(channelOf(server), `{"s":"${this.serverId}",${payload.slice(1)}`)
      }
    }
    this.outbox.clear()
    if (args.length === 0 || !this.sender) return
    const calls = Array.from(
      { length: args.length / 2 },
      (_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`,
    )
    this.sending = this.sender
      .query(`SELECT ${calls.join(', ')}`, args)
      .then(
        () => undefined,
        (error: unknown) => this.options.warn?.(`netplay relay: NOTIFY failed (${String(error)})`),
      )
      .finally(() => {
        this.sending = undefined
      })
    await this.sending
    if (this.outbox.size > 0 && !this.isFlushScheduled) void this.flush()
  }

  async close(): Promise<void> {
    // The rooms' last words (a room ending as the server shuts down) go out first.
    if (this.outbox.size > 0) await this.flush()
    await this.sending
    this.isClosed = true
    this.handlers = undefined
    await Promise.all(
      [this.listener?.end(), this.sender?.end()].map((p) => p?.catch(() => undefined)),
    )
  }
}
