// For tests and benchmarks: throw-away schemas, so runs never see each other's rows.
import pg from 'pg'
import type { NewRom } from '../rom-store'
import { VERSION_ONE_COLUMNS, versionOneRow } from '../sqlite/sqlite-test-db'

export function uniqueSchemaName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}

export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`)
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end()
  }
}

/** Pretends a newer server migrated this schema, to test that older code refuses it. */
export async function bumpSchemaVersion(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` })
  await client.connect()
  try {
    await client.query(
      "INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')",
    )
  } finally {
    await client.end()
  }
}

/** Flips one byte of a stored ROM behind the server's back, as a fault below PostgreSQL would. */
export async function corruptPostgresRomByte(
  connectionString: string,
  schema: string,
  romId: string,
  offset: number,
): Promise<void> {
  const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` })
  await client.connect()
  try {
    const { rowCount } = await client.query(
      `UPDATE roms SET bytes = set_byte(bytes, $2, get_byte(bytes, $2) # 255) WHERE id = $1`,
      [romId, offset],
    )
    if (rowCount !== 1) throw new Error(`ROM ${romId} not found`)
  } finally {
    await client.end()
  }
}

/** Stores a ROM as a server of any earlier version did (see insertSqliteOldRom). */
export async function insertPostgresOldRom(
  connectionString: string,
  schema: string,
  rom: NewRom,
): Promise<void> {
  const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` })
  await client.connect()
  try {
    const values = [...versionOneRow(rom), Buffer.from(rom.bytes)]
    await client.query(
      `INSERT INTO roms (${VERSION_ONE_COLUMNS}, bytes)
       VALUES (${values.map((_, i) => `$${i + 1}`).join()})`,
      values,
    )
  } finally {
    await client.end()
  }
}
