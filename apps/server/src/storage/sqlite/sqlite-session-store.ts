// UnlockSessionStore on SQLite: the base class of SqliteSaveStore (and so of SqliteRomStore), sharing
// its connection. Times are ISO 8601 UTC strings, which compare in time order.
import type Database from 'better-sqlite3'
import type { NewUnlockSession, UnlockSessionStore } from '../unlock-session-store'

export class SqliteSessionStore implements UnlockSessionStore {
  constructor(protected readonly db: Database.Database) {}

  async openSession(session: NewUnlockSession): Promise<void> {
    const now = new Date()
    const expires = new Date(now.getTime() + session.lifetimeMs)
    this.db
      .transaction(() => {
        this.db.prepare('DELETE FROM unlock_sessions WHERE expires_at <= ?').run(now.toISOString())
        this.db
          .prepare(
            `INSERT INTO unlock_sessions (id_hash, token_tag, created_at, expires_at)
             VALUES (?, ?, ?, ?)`,
          )
          .run(session.idHash, session.tokenTag, now.toISOString(), expires.toISOString())
      })
      .immediate()
  }

  async hasSession(idHash: string, tokenTag: string): Promise<boolean> {
    const row = this.db
      .prepare<[string, string, string], { n: number }>(
        `SELECT 1 AS n FROM unlock_sessions WHERE id_hash = ? AND token_tag = ? AND expires_at > ?`,
      )
      .get(idHash, tokenTag, new Date().toISOString())
    return row !== undefined
  }

  async endSession(idHash: string): Promise<void> {
    this.db.prepare('DELETE FROM unlock_sessions WHERE id_hash = ?').run(idHash)
  }

  async endSessionsExcept(tokenTag: string): Promise<number> {
    return this.db.prepare('DELETE FROM unlock_sessions WHERE token_tag <> ?').run(tokenTag).changes
  }
}
