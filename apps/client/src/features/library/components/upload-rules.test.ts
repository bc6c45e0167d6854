import { describe, expect, it } from 'vitest'
import { isNesFileName, percentSent, titleFromFileName } from './upload-rules'

describe('upload rules', () => {
  it('accepts .nes in any case only', () => {
    expect(isNesFileName('Mario.NES')).toBe(true)
    expect(isNesFileName('mario.nes.txt')).toBe(false)
  })

  it('prefills the title with the file name minus .nes', () => {
    expect(titleFromFileName('Super Mario Bros.nes')).toBe('Super Mario Bros')
    expect(titleFromFileName('zelda.NES')).toBe('zelda')
  })

  it('computes whole percentages, capped at 100', () => {
    expect(percentSent(0, 0)).toBe(0)
    expect(percentSent(512, 1024)).toBe(50)
    expect(percentSent(2000, 1024)).toBe(100)
  })
})
