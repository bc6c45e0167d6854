// Human-readable byte counts (spec section 9): under 1 KB in B, under 1 MB in KB, else MB, one decimal.

const KB = 1024
const MB = 1024 * 1024

export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`
  return `${(bytes / MB).toFixed(1)} MB`
}
