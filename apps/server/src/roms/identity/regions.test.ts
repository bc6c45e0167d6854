import { describe, expect, it } from 'vitest'
import { regionOfName, regionOfReleaseCode, regionOfSystems, revisionOfName } from './regions'

describe('regions', () => {
  it('names the regions of NstDatabase systems once each, in order', () => {
    expect(regionOfSystems(['Famicom', 'NES-NTSC', 'NES-PAL-A', 'NES-PAL-B'])).toBe(
      'Japan, USA, Europe',
    )
    expect(regionOfSystems(['Dendy'])).toBe('Russia')
    expect(regionOfSystems(['VS-Unisystem'])).toBe('Arcade')
    expect(regionOfSystems([])).toBeNull()
    expect(regionOfSystems(['Atari'])).toBeNull()
  })

  it('reads the region group of a No-Intro name, skipping groups that are not regions', () => {
    expect(regionOfName('Super Mario Bros. (World)')).toBe('World')
    expect(regionOfName('Mega Man 2 (Japan, USA) (En)')).toBe('Japan, USA')
    expect(regionOfName('Game (Proto) (Europe)')).toBe('Europe')
    expect(regionOfName('Homebrew Game')).toBeNull()
    expect(regionOfName('Game (USA, Moon)')).toBeNull()
  })

  it('reads Logiqx release codes and No-Intro revisions', () => {
    expect(regionOfReleaseCode('EUR')).toBe('Europe')
    expect(regionOfReleaseCode(' jpn ')).toBe('Japan')
    expect(regionOfReleaseCode('XYZ')).toBe('XYZ')
    expect(revisionOfName('Legend of Zelda, The (USA) (Rev 1)')).toBe('Rev 1')
    expect(revisionOfName('Game (Europe) (Rev A)')).toBe('Rev A')
    expect(revisionOfName('Homebrew (v1.1)')).toBe('v1.1')
    expect(revisionOfName('Game (USA)')).toBeNull()
  })
})
