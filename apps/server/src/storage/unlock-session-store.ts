// The part of the RomStore seam that keeps unlock sessions (POST /api/unlock), in the library's own
// database so every app server sharing it knows each session and its end.

export interface NewUnlockSession {
  /** SHA-256 of the session's cookie value, lowercase hex: the cookie itself is never stored. */
  idHash: string
  /** Names the LIBRARY_TOKEN the session was opened with (a keyed hash, never the token). */
  tokenTag: string
  /** How long the session lasts from now, in milliseconds (by the store's clock). */
  lifetimeMs: number
}

export interface UnlockSessionStore {
  /** Stores a new session, and removes the sessions that have ended. */
  openSession(session: NewUnlockSession): Promise<void>
  /** True while a session with this id hash, opened with this token, has not ended. */
  hasSession(idHash: string, tokenTag: string): Promise<boolean>
  /** Ends a session (nothing when there is none). */
  endSession(idHash: string): Promise<void>
  /** Ends every session not opened with `tokenTag` (LIBRARY_TOKEN changed); returns how many. */
  endSessionsExcept(tokenTag: string): Promise<number>
}
