// A pre-extracted emulator core: the files of EmulatorJS's 7z core archive, concatenated behind a small
// header. The build writes it with brotli and gzip copies (see build-tools/fceumm-core.ts) that the server
// sends with Content-Encoding, so the browser decodes it natively instead of EmulatorJS's asm.js 7-Zip
// unpacking the 7z archive, which takes seconds.
//
// Layout: MAGIC, header length (uint32, little-endian), UTF-8 JSON [{ name, length }], then the files.

export const CORE_BUNDLE_MAGIC = 'NESCORE1'

export type CoreFiles = Record<string, Uint8Array>

export function encodeCoreBundle(files: CoreFiles): Uint8Array {
  const entries = Object.entries(files).map(([name, data]) => ({ name, length: data.length }))
  const header = new TextEncoder().encode(JSON.stringify(entries))
  const magic = new TextEncoder().encode(CORE_BUNDLE_MAGIC)
  const total = magic.length + 4 + header.length + entries.reduce((n, e) => n + e.length, 0)
  const out = new Uint8Array(total)
  out.set(magic, 0)
  new DataView(out.buffer).setUint32(magic.length, header.length, true)
  out.set(header, magic.length + 4)
  let offset = magic.length + 4 + header.length
  for (const data of Object.values(files)) {
    out.set(data, offset)
    offset += data.length
  }
  return out
}

export function isCoreBundle(bytes: Uint8Array): boolean {
  if (bytes.length < CORE_BUNDLE_MAGIC.length + 4) return false
  for (let i = 0; i < CORE_BUNDLE_MAGIC.length; i++) {
    if (bytes[i] !== CORE_BUNDLE_MAGIC.charCodeAt(i)) return false
  }
  return true
}

/** Splits a bundle back into its files (views into `bytes`, no copies). */
export function decodeCoreBundle(bytes: Uint8Array): CoreFiles {
  if (!isCoreBundle(bytes)) throw new Error('Not a core bundle')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headerLength = view.getUint32(CORE_BUNDLE_MAGIC.length, true)
  const headerStart = CORE_BUNDLE_MAGIC.length + 4
  const header = new TextDecoder().decode(bytes.subarray(headerStart, headerStart + headerLength))
  const entries = JSON.parse(header) as { name: string; length: number }[]
  const files: CoreFiles = {}
  let offset = headerStart + headerLength
  for (const { name, length } of entries) {
    if (offset + length > bytes.length) throw new Error('Truncated core bundle')
    files[name] = bytes.subarray(offset, offset + length)
    offset += length
  }
  return files
}
