// Upload names and titles come from the visitor: they are cleaned for display and headers, never used as paths.
import { ROM_TITLE_MAX_LENGTH } from '@nes-studio/shared'

const MAX_FILE_NAME_CHARS = 120
// C0/C1 controls, and bidi overrides that could make "evil.exe.nes" display as something else.
// U+061C (Arabic letter mark) is a bidi control too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
// Characters that draw nothing: format characters (zero-width space/joiners, BOM, ...), separators,
// combining marks on their own, and the blank look-alikes (Hangul fillers, braille blank).
const INVISIBLE_CHARS = /[\p{Cf}\p{Z}\p{M}\s\u115f\u1160\u2800\u3164\uffa0]/gu

/** True when `text` has no character that draws anything (empty included). */
export function isInvisible(text: string): boolean {
  return text.replace(INVISIBLE_CHARS, '') === ''
}
const RESERVED_CHARS = /[<>:"/\\|?*]/g

/** The last path segment of a client-supplied name (browsers send bare names; other clients may not). */
export function baseName(raw: string): string {
  const parts = raw.split(/[/\\]/)
  return (parts[parts.length - 1] ?? '').trim()
}

export function hasNesExtension(name: string): boolean {
  return /\.nes$/i.test(name.trim())
}

function truncateChars(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? chars.slice(0, max).join('') : text
}

/**
 * Browsers send a form's file name with `"`, CR and LF written as %22, %0D and %0A (HTML's
 * multipart/form-data encoding): read back, so `Say "Hi".nes` is not kept as `Say %22Hi%22.nes`. A
 * name that really holds "%22" cannot be told apart, and becomes `_` as a quote does.
 */
function undoFormEscapes(raw: string): string {
  return raw.replace(/%(22|0d|0a)/gi, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  )
}

/** A display-safe file name that still ends in `.nes` (case kept as uploaded). */
export function sanitizeFileName(raw: string): string {
  const cleaned = baseName(undoFormEscapes(raw))
    .normalize('NFC')
    .replace(UNSAFE_CHARS, '')
    .replace(RESERVED_CHARS, '_')
    .replace(/\s+/g, ' ')
    .trim()
  const match = /^(.*?)(\.nes)$/i.exec(cleaned)
  const ext = match?.[2] ?? '.nes'
  const stem = truncateChars(
    (match?.[1] ?? cleaned).replace(/^[.\s]+/, '').trim(),
    MAX_FILE_NAME_CHARS - 4,
  )
  return `${isInvisible(stem) ? 'rom' : stem}${ext}`
}

/** Trimmed, control characters removed, at most ROM_TITLE_MAX_LENGTH characters; empty → file name without .nes. */
export function normalizeTitle(rawTitle: string | undefined, fileName: string): string {
  const clean = (s: string) => {
    const text = truncateChars(
      s.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim(),
      ROM_TITLE_MAX_LENGTH,
    ).trim()
    return isInvisible(text) ? '' : text
  }
  const title = clean(rawTitle ?? '')
  return title || clean(fileName.replace(/\.nes$/i, '')) || 'Untitled ROM'
}

/** The title a file gives an entry: its name without `.nes`. */
export const titleOfFile = (fileName: string) => normalizeTitle(undefined, fileName)

/** The title a DAT's game name gives an entry (cleaned, at most ROM_TITLE_MAX_LENGTH characters). */
export const titleOfGame = (gameName: string) => normalizeTitle(gameName, 'game.nes')

/** RFC 6266 header: an ASCII fallback plus the exact name in RFC 5987 encoding. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
