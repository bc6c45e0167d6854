// ROMs this server found damaged (stored bytes that no longer match the SHA-256 taken at upload),
// kept so GET /api/health can list them. In memory, per process: another server sharing PostgreSQL
// finds them when it is asked for them.
import type { RomRecord } from '../storage/rom-store'

/** How many damaged entries are remembered at most; the oldest go first. */
const MAX_REMEMBERED = 1000

export class DamagedRoms {
  private readonly found = new Map<string, { title: string }>()

  /** Records `rom` as damaged (again: it becomes the newest entry). */
  note(rom: Pick<RomRecord, 'id' | 'title'>): void {
    this.found.delete(rom.id)
    this.found.set(rom.id, { title: rom.title })
    if (this.found.size > MAX_REMEMBERED) {
      const oldest = this.found.keys().next().value
      if (oldest !== undefined) this.found.delete(oldest)
    }
  }

  /** Forgets an entry that is gone (deleted) or whose bytes check out again. */
  forget(id: string): void {
    this.found.delete(id)
  }

  entries(): { id: string; title: string }[] {
    return [...this.found].map(([id, { title }]) => ({ id, title }))
  }
}
