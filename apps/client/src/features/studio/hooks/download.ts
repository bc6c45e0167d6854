// Saves bytes as a file through a temporary object URL.
export function downloadBytes(
  bytes: Uint8Array,
  fileName: string,
  type = 'application/octet-stream',
): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
