// Find in files: every line of the project's text files that contains the query (case-insensitive).

export interface FindResult {
  fileId: string
  file: string
  /** 1-based line and column of the match. */
  line: number
  column: number
  /** The line's text, trimmed to at most 160 characters around the match. */
  text: string
}

export interface FindOutcome {
  results: FindResult[]
  /** True when there were more matches than `limit`. */
  isTruncated: boolean
}

export function findInFiles(
  files: readonly { id: string; filename: string; content: string; binary?: Uint8Array }[],
  query: string,
  limit = 500,
): FindOutcome {
  const needle = query.toLowerCase()
  const results: FindResult[] = []
  if (needle === '') return { results, isTruncated: false }
  for (const file of files) {
    if (file.binary) continue
    if (!file.content.toLowerCase().includes(needle)) continue
    const lines = file.content.split('\n')
    for (let i = 0; i < lines.length; i += 1) {
      const text = lines[i]!
      const column = text.toLowerCase().indexOf(needle)
      if (column >= 0) {
        if (results.length === limit) return { results, isTruncated: true }
        const start = Math.max(0, column - 60)
        results.push({
          fileId: file.id,
          file: file.filename,
          line: i + 1,
          column: column + 1,
          text: text.slice(start, start + 160).trimEnd(),
        })
      }
    }
  }
  return { results, isTruncated: false }
}
