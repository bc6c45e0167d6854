// Read-only hex dump of a binary file (imported .chr/.bin), which the studio keeps byte-exact.
const BYTES_PER_ROW = 16
const MAX_ROWS = 512

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0')
}

export function HexView({ filename, bytes }: { filename: string; bytes: Uint8Array }) {
  const rows: string[] = []
  const shown = Math.min(bytes.length, BYTES_PER_ROW * MAX_ROWS)
  for (let offset = 0; offset < shown; offset += BYTES_PER_ROW) {
    const slice = [...bytes.subarray(offset, Math.min(offset + BYTES_PER_ROW, shown))]
    const text = slice.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('')
    rows.push(
      `${hex(offset, 6)}  ${slice
        .map((b) => hex(b, 2))
        .join(' ')
        .padEnd(BYTES_PER_ROW * 3)} ${text}`,
    )
  }
  return (
    <div className="studio-hex" data-testid="hex-view">
      <p className="studio-hex__note">
        {filename} is binary ({bytes.length} bytes) and is kept exactly as imported. Read-only.
        {bytes.length > shown && ` Showing the first ${shown} bytes.`}
      </p>
      <pre>{rows.join('\n')}</pre>
    </div>
  )
}
