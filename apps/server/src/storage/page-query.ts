// The SQL pieces of a list page, shared by both backends (standard SQL; each passes its own title order).
import type { RomPageQuery } from './rom-store'

/** `%text%` for LIKE, with the wildcards and the escape character in `text` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** ORDER BY for a page; `titleExpr` is the backend's case-insensitive title. Ties: newest first. */
export function pageOrderBy(query: RomPageQuery, titleExpr: string): string {
  const column = { date: 'seq', title: titleExpr, size: 'file_size', mapper: 'mapper' }[query.sort]
  const direction = query.order === 'asc' ? 'ASC' : 'DESC'
  return query.sort === 'date' ? `seq ${direction}` : `${column} ${direction}, seq DESC`
}
