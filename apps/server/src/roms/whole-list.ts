// The whole list (GET /api/roms without paging) as one JSON body, kept by patching: each entry is
// serialised once and kept, and after a change only the entries changed since the body's revision are
// read and serialised again. A full read happens at the first request and when changes alone cannot
// say what left the list (RomStore.listChanges); it goes a slice at a time and yields to the event
// loop between slices, so other requests are not held up while 10,000 entries are read.
import type { RomEntry } from '@nes-studio/shared'

export interface ListedEntry {
  /** Place in the list: higher is newer (the list is newest first). */
  seq: number
  entry: RomEntry
}

/** What the list is built from: RomService's view of RomStore.listSlice / listChanges / revision. */
export interface WholeListSource {
  listRevision(): Promise<string>
  listSlice(beforeSeq: number | undefined, limit: number): Promise<ListedEntry[]>
  listChanges(
    since: string,
  ): Promise<{ revision: string; changed: (ListedEntry & { visible: boolean })[] } | undefined>
}

export interface WholeListBody {
  /** The revision the body shows (the list's ETag, unquoted). */
  revision: string
  /** `{"roms":[...]}`, UTF-8: the same bytes as JSON.stringify of the entries newest first. */
  body: Buffer
}

export interface WholeListOptions {
  /** Entries per read while building from scratch. */
  sliceSize?: number
}

const OPEN = Buffer.from('{"roms":[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']}')

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Serialised entries by `seq`, newest first. */
class SerializedEntries {
  /** Descending. */
  private readonly seqs: number[] = []
  private readonly json = new Map<number, Buffer>()

  /** Index of `seq` in `seqs`, or where it would go. */
  private position(seq: number): number {
    let low = 0
    let high = this.seqs.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((this.seqs[mid] ?? 0) > seq) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Appends an entry older than every one held (building newest first). */
  append(seq: number, entry: RomEntry): void {
    this.seqs.push(seq)
    this.json.set(seq, Buffer.from(JSON.stringify(entry)))
  }

  put(seq: number, entry: RomEntry): void {
    if (!this.json.has(seq)) this.seqs.splice(this.position(seq), 0, seq)
    this.json.set(seq, Buffer.from(JSON.stringify(entry)))
  }

  remove(seq: number): void {
    if (!this.json.delete(seq)) return
    this.seqs.splice(this.position(seq), 1)
  }

  body(): Buffer {
    const parts: Buffer[] = [OPEN]
    this.seqs.forEach((seq, i) => {
      if (i > 0) parts.push(COMMA)
      parts.push(this.json.get(seq) as Buffer)
    })
    parts.push(CLOSE)
    return Buffer.concat(parts)
  }
}

export class WholeList {
  private entries = new SerializedEntries()
  private revision: string | undefined
  private latest: WholeListBody | undefined
  private running: Promise<void> | undefined
  private queued: Promise<void> | undefined
  private readonly sliceSize: number

  constructor(
    private readonly source: WholeListSource,
    opts: WholeListOptions = {},
  ) {
    this.sliceSize = opts.sliceSize ?? 500
  }

  /**
   * The body at revision `known` (read by the caller just before) or newer. Unchanged: no reads at
   * all. Changed: the changes since the body's revision are read and patched in.
   */
  async current(known: string): Promise<WholeListBody> {
    if (this.revision !== known || !this.latest) await this.refresh()
    if (!this.latest || this.latest.revision !== this.revision) {
      this.latest = { revision: this.revision as string, body: this.entries.body() }
    }
    return this.latest
  }

  /**
   * Catches up with the database. Runs one at a time; a caller joins a catch-up that has not started
   * yet (it will see everything before the call), never one already running (it might not).
   */
  private refresh(): Promise<void> {
    if (this.queued) return this.queued
    const after = this.running ?? Promise.resolve()
    const next: Promise<void> = after
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined
        this.running = next
        return this.catchUp()
      })
      .finally(() => {
        if (this.running === next) this.running = undefined
      })
    this.queued = next
    return next
  }

  private async catchUp(): Promise<void> {
    if (this.revision !== undefined) {
      const changes = await this.source.listChanges(this.revision)
      if (changes) {
        this.apply(this.entries, changes.changed)
        this.revision = changes.revision
        return
      }
    }
    await this.rebuild()
  }

  private apply(
    entries: SerializedEntries,
    changed: readonly (ListedEntry & { visible: boolean })[],
  ): void {
    for (const change of changed) {
      if (change.visible) entries.put(change.seq, change.entry)
      else entries.remove(change.seq)
    }
  }

  /**
   * Reads the list a slice at a time from a revision read first, then applies what changed during
   * the read (see RomStore.listSlice). A purge during the read starts it again.
   */
  private async rebuild(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const start = await this.source.listRevision()
      const entries = new SerializedEntries()
      let before: number | undefined
      for (;;) {
        const slice = await this.source.listSlice(before, this.sliceSize)
        for (const { seq, entry } of slice) entries.append(seq, entry)
        const last = slice[slice.length - 1]
        if (!last || slice.length < this.sliceSize) break
        before = last.seq
        await yieldToEventLoop()
      }
      const changes = await this.source.listChanges(start)
      if (!changes) continue
      this.apply(entries, changes.changed)
      this.entries = entries
      this.revision = changes.revision
      return
    }
    throw new Error('The library kept changing while its list was read; try again.')
  }
}
