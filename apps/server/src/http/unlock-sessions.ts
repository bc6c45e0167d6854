// Unlock sessions: POST /api/unlock opens one, a random cookie value whose SHA-256 is stored in the
// library's database (http/library-token.ts sets and reads the cookie). A logout ends that session on
// every server sharing the database, and a session opened with another LIBRARY_TOKEN is not valid, so
// changing the token ends them all.
import { createHash, randomBytes, scryptSync } from 'node:crypto'
import type { UnlockSessionStore } from '../storage/unlock-session-store'

/** How long an unlock lasts at most, in milliseconds (30 days); the cookie itself ends with the browser. */
export const UNLOCK_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

/** A cookie value: 32 random bytes, base64url (43 characters). */
const SESSION_VALUE = /^[\w-]{43}$/

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex')

export class UnlockSessions {
  private readonly tokenTag: string

  constructor(
    private readonly store: UnlockSessionStore,
    token: string,
  ) {
    // Names the token without giving it away to someone who reads the database: scrypt makes trying
    // candidate tokens against it slow.
    this.tokenTag = scryptSync(token, 'nes-studio unlock sessions', 32).toString('hex')
  }

  /** Ends the sessions opened with another token (LIBRARY_TOKEN changed); returns how many. */
  endOthers(): Promise<number> {
    return this.store.endSessionsExcept(this.tokenTag)
  }

  /** Opens a session; returns the cookie value that names it. */
  async open(): Promise<string> {
    const value = randomBytes(32).toString('base64url')
    await this.store.openSession({
      idHash: hashOf(value),
      tokenTag: this.tokenTag,
      lifetimeMs: UNLOCK_SESSION_LIFETIME_MS,
    })
    return value
  }

  /** True while `value` names a session of this token that has not ended. */
  async isOpen(value: string): Promise<boolean> {
    return SESSION_VALUE.test(value) && this.store.hasSession(hashOf(value), this.tokenTag)
  }

  async end(value: string): Promise<void> {
    if (SESSION_VALUE.test(value)) await this.store.endSession(hashOf(value))
  }
}
