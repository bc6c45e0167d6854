// Deleted ROMs stay restorable for the undo window, then go for good with their saves and states: a
// timer purges them on every server sharing the database (whichever comes first does it). The first
// round runs at start, so a restart purges whatever passed its window while the server was stopped.
import type { FastifyBaseLogger } from 'fastify'
import type { RomStore } from '../storage/rom-store'

export interface PurgerOptions {
  /** How long a delete can be undone, in milliseconds. */
  undoMs: number
  /** How often to look for deletes past the window, in milliseconds. */
  everyMs: number
}

export interface DeletedPurger {
  /** Stops the timer and waits for a round in progress, so the store can be closed after. */
  stop(): Promise<void>
}

/** Runs a first round (awaited, so a restarted server serves no stale deletes), then the timer. */
export async function startDeletedPurger(
  store: RomStore,
  log: FastifyBaseLogger,
  opts: PurgerOptions,
): Promise<DeletedPurger> {
  let running: Promise<void> | undefined
  const round = async () => {
    try {
      const purged = await store.purgeDeleted(opts.undoMs)
      if (purged > 0) log.info({ purged }, 'deleted ROMs purged')
    } catch (err) {
      log.warn({ err }, 'could not purge deleted ROMs; will try again')
    }
  }
  // Rounds never overlap: a slow database skips ticks instead of piling up purges.
  const tick = () =>
    (running ??= round().finally(() => {
      running = undefined
    }))
  await tick()
  const timer = setInterval(() => void tick(), opts.everyMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
