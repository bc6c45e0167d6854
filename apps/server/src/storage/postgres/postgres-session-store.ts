// UnlockSessionStore on PostgreSQL: the base class of PostgresSaveStore (and so of PostgresRomStore),
// sharing its pool. Session ends are measured on the database's clock, which every server shares.
import type pg from 'pg'
import type { NewUnlockSession, UnlockSessionStore } from '../unlock-session-store'

export class PostgresSessionStore implements UnlockSessionStore {
  constructor(protected readonly pool: pg.Pool) {}

  async openSession(session: NewUnlockSession): Promise<void> {
    await this.pool.query('DELETE FROM unlock_sessions WHERE expires_at <= now()')
    await this.pool.query(
      `INSERT INTO unlock_sessions (id_hash, token_tag, expires_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
      [session.idHash, session.tokenTag, session.lifetimeMs],
    )
  }

  async hasSession(idHash: string, tokenTag: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM unlock_sessions WHERE id_hash = $1 AND token_tag = $2 AND expires_at > now()',
      [idHash, tokenTag],
    )
    return (rowCount ?? 0) > 0
  }

  async endSession(idHash: string): Promise<void> {
    await this.pool.query('DELETE FROM unlock_sessions WHERE id_hash = $1', [idHash])
  }

  async endSessionsExcept(tokenTag: string): Promise<number> {
    const result = await this.pool.query('DELETE FROM unlock_sessions WHERE token_tag <> $1', [
      tokenTag,
    ])
    return result.rowCount ?? 0
  }
}
