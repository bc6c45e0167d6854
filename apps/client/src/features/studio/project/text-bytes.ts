// Text <-> bytes for the assembler and for zip files, plus base64 for localStorage.

/** A UTF-16 code unit above 255 (astral characters are two such units). */
const OUT_OF_RANGE = /[\u0100-\uffff]/

/** Removes every character whose code is above 255 (NESASM reads 8-bit bytes). */
export function stripOutOfRange(text: string): string {
  if (!OUT_OF_RANGE.test(text)) return text
  let out = ''
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) <= 255) out += text[i]
  }
  return out
}

/** stripOutOfRange then encodeLatin1, in one pass (the assembler's input: a large project is 6.8 MB of text). */
export function encodeForAssembler(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  let n = 0
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (code <= 255) bytes[n++] = code
  }
  return n === bytes.length ? bytes : bytes.slice(0, n)
}

/** One byte per character (characters must already be 0-255; use stripOutOfRange first). */
export function encodeLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff
  return bytes
}

export function decodeLatin1(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x2000))
  }
  return out
}

/**
 * True when the bytes look like binary data rather than text: a NUL, or a control character other than tab, line
 * feed, carriage return and form feed.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i]!
    if (b === 0) return true
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return true
  }
  return false
}

/** Decodes text bytes: UTF-8 when they are valid UTF-8, otherwise Latin-1 (one character per byte). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf8' | 'latin1' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf8' }
  } catch {
    return { text: decodeLatin1(bytes), encoding: 'latin1' }
  }
}

export function encodeText(text: string, encoding: 'utf8' | 'latin1' = 'utf8'): Uint8Array {
  return encoding === 'latin1'
    ? encodeLatin1(stripOutOfRange(text))
    : new TextEncoder().encode(text)
}

export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(decodeLatin1(bytes))
}

export function base64ToBytes(base64: string): Uint8Array {
  return encodeLatin1(atob(base64))
}
