import { describe, expect, it } from 'vitest'
import {
  contentDisposition,
  hasNesExtension,
  isInvisible,
  normalizeTitle,
  sanitizeFileName,
} from './file-name'

describe('file names and titles', () => {
  it('checks the .nes extension case-insensitively', () => {
    expect(hasNesExtension('Game.NES')).toBe(true)
    expect(hasNesExtension('game.nes.zip')).toBe(false)
    expect(hasNesExtension('nes')).toBe(false)
  })

  it('drops folders, control and bidi characters, and reserved characters', () => {
    expect(sanitizeFileName('../../etc/passwd.nes')).toBe('passwd.nes')
    expect(sanitizeFileName('C:\\roms\\mario.nes')).toBe('mario.nes')
    expect(sanitizeFileName('a\u0000b\u202ec"d<>.nes')).toBe('abc_d__.nes')
    expect(sanitizeFileName('...hidden.nes')).toBe('hidden.nes')
    expect(sanitizeFileName('.nes')).toBe('rom.nes')
    expect(sanitizeFileName(`${'x'.repeat(300)}.NES`)).toHaveLength(120)
    expect(sanitizeFileName(`${'x'.repeat(300)}.NES`).endsWith('.NES')).toBe(true)
  })

  it('reads back the escapes browsers put in a form file name (", CR, LF)', () => {
    expect(sanitizeFileName('Say %22Hi%22.nes')).toBe('Say _Hi_.nes')
    expect(sanitizeFileName('two%0D%0Alines.nes')).toBe('twolines.nes')
    expect(sanitizeFileName('50%25 off.nes')).toBe('50%25 off.nes')
    expect(normalizeTitle(undefined, sanitizeFileName('Say %22Hi%22.nes'))).toBe('Say _Hi_')
  })

  it('trims titles, caps them at 100 characters and falls back to the file name', () => {
    expect(normalizeTitle('  Super Game  ', 'x.nes')).toBe('Super Game')
    expect(normalizeTitle('', 'My Game.nes')).toBe('My Game')
    expect(normalizeTitle(undefined, 'My Game.NES')).toBe('My Game')
    expect(normalizeTitle('   ', 'z.nes')).toBe('z')
    expect(Array.from(normalizeTitle('🎮'.repeat(150), 'x.nes'))).toHaveLength(100)
  })

  it('strips U+061C with the other bidi marks, and never keeps a name or title that draws nothing', () => {
    expect(normalizeTitle('a\u061cb', 'x.nes')).toBe('ab')
    expect(sanitizeFileName('evil\u061c.nes')).toBe('evil.nes')
    expect(isInvisible('\u200b\u200c\u200d\u2060\ufeff\u3164 \u0301')).toBe(true)
    expect(isInvisible('👨\u200d👩')).toBe(false)
    expect(sanitizeFileName('\u200b\u200b.nes')).toBe('rom.nes')
    expect(normalizeTitle(undefined, '\u200b\u2060.nes')).toBe('Untitled ROM')
  })

  it('builds a Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Zelda "II".nes')).toBe(
      `attachment; filename="Zelda _II_.nes"; filename*=UTF-8''Zelda%20%22II%22.nes`,
    )
    expect(contentDisposition('ドラクエ.nes')).toContain("filename*=UTF-8''%E3%83%89")
    expect(contentDisposition('ドラクエ.nes')).toContain('filename="____.nes"')
  })
})
