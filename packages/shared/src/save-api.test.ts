import { describe, expect, it } from 'vitest'
import { saveStateUploadFieldsSchema } from './save-api'

const base = { core: 'fceumm', coreVersion: '4.2.3', romSha1: 'a'.repeat(40) }

describe('saveStateUploadFieldsSchema', () => {
  it('defaults the kind to manual and trims the slot; an empty slot is none', () => {
    expect(saveStateUploadFieldsSchema.parse({ ...base, slot: '  Boss  ' })).toEqual({
      ...base,
      kind: 'manual',
      slot: 'Boss',
    })
    expect(saveStateUploadFieldsSchema.parse({ ...base, kind: 'auto', slot: '   ' })).toEqual({
      ...base,
      kind: 'auto',
      slot: undefined,
    })
  })

  it('takes a resume state only without a slot', () => {
    expect(saveStateUploadFieldsSchema.parse({ ...base, kind: 'resume' }).kind).toBe('resume')
    const withSlot = saveStateUploadFieldsSchema.safeParse({ ...base, kind: 'resume', slot: '1' })
    expect(withSlot.error?.issues.map((i) => i.path.join('.'))).toEqual(['slot'])
  })

  it.each([
    ['an upper-case SHA-1', { ...base, romSha1: 'A'.repeat(40) }, 'romSha1'],
    ['a short SHA-1', { ...base, romSha1: 'a'.repeat(39) }, 'romSha1'],
    ['an unknown kind', { ...base, kind: 'quick' }, 'kind'],
    ['a slot of 41 characters', { ...base, slot: 's'.repeat(41) }, 'slot'],
    ['a slot with a NUL', { ...base, slot: 'a\u0000b' }, 'slot'],
    ['a slot with a bidi override', { ...base, slot: '\u202eevil' }, 'slot'],
    ['no core', { coreVersion: '4.2.3', romSha1: base.romSha1 }, 'core'],
  ])('refuses %s', (_what, fields, path) => {
    const result = saveStateUploadFieldsSchema.safeParse(fields)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([path])
  })
})
