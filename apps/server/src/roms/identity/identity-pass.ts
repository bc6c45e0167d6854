// Identifies the ROMs stored before the server knew how (or with another cartridge database) in the
// background after start: a few at a time, yielding between batches so requests are served meanwhile.
// Every server sharing a database runs it; they may identify the same ROM twice, with the same result.
import type { FastifyBaseLogger } from 'fastify'

export interface IdentitySource {
  /** Identifies up to `limit` pending entries; returns how many it looked at (0 when none are left). */
  identifyPending(limit: number): Promise<number>
}

export interface IdentityPass {
  /** Resolves when every pending entry has been looked at (or the pass stopped or failed). */
  readonly done: Promise<number>
  /** Stops after the batch in progress, and waits for it. */
  stop(): Promise<void>
}

const BATCH = 20

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export function startIdentityPass(source: IdentitySource, log: FastifyBaseLogger): IdentityPass {
  let isStopped = false
  const run = async (): Promise<number> => {
    let total = 0
    try {
      for (;;) {
        await yieldToEventLoop()
        if (isStopped) break
        const count = await source.identifyPending(BATCH)
        total += count
        // A batch of entries that cannot be read (a header that no longer parses) would come back
        // forever: a short batch means the end.
        if (count < BATCH) break
      }
      if (total > 0) log.info({ identified: total }, 'library ROMs identified')
    } catch (err) {
      log.warn({ err }, 'identifying library ROMs stopped; the next start tries again')
    }
    return total
  }
  const done = run()
  return {
    done,
    stop: async () => {
      isStopped = true
      await done
    },
  }
}
