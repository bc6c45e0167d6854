// Slows down guessing LIBRARY_TOKEN: per client (an IPv4 address, or an IPv6 /64, which one user
// usually holds whole), the first few wrong tokens are answered at once; after them each wrong token
// makes the client wait twice as long as the last, up to 15 minutes, during which none of its tokens
// is checked. Kept per server process.

/** Wrong tokens a client may send before it has to wait. */
export const FREE_FAILURES = 5
const FIRST_WAIT_MS = 1000
const LONGEST_WAIT_MS = 15 * 60 * 1000
/** A client whose last wrong token is this old starts afresh. */
const FORGET_AFTER_MS = 60 * 60 * 1000
/** Clients remembered at most; the one that failed longest ago goes first. */
const MAX_CLIENTS = 10_000

interface Failures {
  count: number
  lastAt: number
  waitUntil: number
}

export interface UnlockAttemptsOptions {
  /** Clock in milliseconds, for tests. */
  now?: () => number
}

export class UnlockAttempts {
  private readonly clients = new Map<string, Failures>()
  private readonly now: () => number

  constructor(opts: UnlockAttemptsOptions = {}) {
    this.now = opts.now ?? Date.now
  }

  /** Milliseconds the client must wait before a token of its is checked; 0 when it may try now. */
  waitMs(key: string): number {
    const entry = this.clients.get(key)
    if (!entry) return 0
    const now = this.now()
    if (now - entry.lastAt > FORGET_AFTER_MS) {
      this.clients.delete(key)
      return 0
    }
    return Math.max(0, entry.waitUntil - now)
  }

  failed(key: string): void {
    const now = this.now()
    this.waitMs(key) // forgets a client whose last failure is long past
    const previous = this.clients.get(key)
    const count = (previous?.count ?? 0) + 1
    const waitMs =
      count <= FREE_FAILURES
        ? 0
        : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (count - FREE_FAILURES - 1))
    this.clients.delete(key) // re-inserted last: the map stays in order of last failure
    this.clients.set(key, { count, lastAt: now, waitUntil: now + waitMs })
    if (this.clients.size > MAX_CLIENTS) {
      const oldest = this.clients.keys().next().value
      if (oldest !== undefined) this.clients.delete(oldest)
    }
  }

  succeeded(key: string): void {
    this.clients.delete(key)
  }
}
