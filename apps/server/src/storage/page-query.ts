// The SQL pieces of a list page, shared by both backends (standard SQL; each passes its own title order,
// search expressions and parameter markers).
import type { RomPageQuery } from './rom-store'

/** `%text%` for LIKE, with the wildcards and the escape character in `text` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** True when the page lists every visible entry (its total is the count the triggers keep). */
export function isUnfiltered(query: RomPageQuery): boolean {
  return !query.search && query.mapper === undefined && !query.region && !query.hasSaves
}

/** How a backend writes the parts of a page's WHERE that differ. */
export interface PageSqlDialect {
  /** The n-th parameter's marker (1-based): `?` or `$n`. */
  marker: (n: number) => string
  /** A condition that `expr` contains the LIKE pattern at `marker`, case-insensitively. */
  contains: (expr: string, marker: string) => string
}

/** WHERE of a page (visible entries matching search and filters) and its parameters, in order. */
export function pageWhere(
  query: RomPageQuery,
  dialect: PageSqlDialect,
): { where: string; params: unknown[] } {
  const conditions = ['deleted_at IS NULL']
  const params: unknown[] = []
  const next = (value: unknown) => {
    params.push(value)
    return dialect.marker(params.length)
  }
  if (query.search) {
    // One parameter per use: SQLite's markers are positional.
    const pattern = likePattern(query.search)
    const title = dialect.contains('title', next(pattern))
    conditions.push(`(${title} OR ${dialect.contains('dat_name', next(pattern))})`)
  }
  if (query.mapper !== undefined) conditions.push(`mapper = ${next(query.mapper)}`)
  if (query.region) {
    const at = next(likePattern(query.region))
    conditions.push(dialect.contains('COALESCE(dat_region, cart_region)', at))
  }
  if (query.hasSaves) {
    conditions.push(`(EXISTS (SELECT 1 FROM battery_saves b WHERE b.rom_id = roms.id)
      OR EXISTS (SELECT 1 FROM save_states s WHERE s.rom_id = roms.id))`)
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, params }
}

/**
 * ORDER BY for a page; `titleExpr` is the backend's case-insensitive title. Ties: newest first. Entries
 * never played come after the played ones in either direction.
 */
export function pageOrderBy(query: RomPageQuery, titleExpr: string): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC'
  if (query.sort === 'date') return `seq ${direction}`
  // Written as the played indexes are (migration 9): both backends then read the page in index order.
  if (query.sort === 'played')
    return `last_played_at IS NULL, last_played_at ${direction}, seq DESC`
  const column = { title: titleExpr, size: 'file_size', mapper: 'mapper' }[query.sort]
  return `${column} ${direction}, seq DESC`
}
