// A schema change, applied once per database in version order and recorded in schema_migrations.
export interface Migration {
  /** 1, 2, 3, ... with no gaps. */
  version: number
  name: string
  /** One or more SQL statements for the backend this list belongs to. */
  up: string
}

/** Throws if versions are not 1..n in order: a mistake here must fail at start, not half-migrate. */
export function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration ${m.name} has version ${m.version}, expected ${i + 1}`)
  })
}

export function newerSchemaError(found: number, known: number): Error {
  return new Error(
    `The library database is at schema version ${found}, but this server knows only up to ${known}. ` +
      'Run a newer server build.',
  )
}
