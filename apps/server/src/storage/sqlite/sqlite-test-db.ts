// For tests: pretend a newer server migrated this file, to test that older code refuses it.
import Database from 'better-sqlite3'

export function bumpSqliteSchemaVersion(file: string): void {
  const db = new Database(file)
  try {
    db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 'x')",
    ).run()
  } finally {
    db.close()
  }
}
