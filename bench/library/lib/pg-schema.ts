// A throw-away PostgreSQL schema per benchmark run, so runs never see each other's rows.
import {
  dropSchema,
  uniqueSchemaName,
} from '../../../apps/server/src/storage/postgres/postgres-test-schema'

export interface BenchSchema {
  /** DATABASE_URL for the server, with search_path set to the schema. */
  databaseUrl: string
  schema: string
  /** TEST_DATABASE_URL as given. */
  baseUrl: string
  drop(): Promise<void>
}

export function benchSchema(baseUrl: string, prefix: string): BenchSchema {
  const schema = uniqueSchemaName(prefix)
  const options = encodeURIComponent(`-c search_path=${schema}`)
  return {
    schema,
    baseUrl,
    databaseUrl: `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${options}`,
    drop: () => dropSchema(baseUrl, schema),
  }
}

/** Creates the schema (and migrates it) before servers start, as a deploy step would. */
export async function createSchema(s: BenchSchema): Promise<void> {
  const { openPostgresRomStore } =
    await import('../../../apps/server/src/storage/postgres/postgres-rom-store')
  await (await openPostgresRomStore({ connectionString: s.baseUrl, schema: s.schema })).close()
}
