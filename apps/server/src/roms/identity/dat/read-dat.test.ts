import { describe, expect, it } from 'vitest'
import { DAT_MAX_BYTES } from '@nes-studio/shared'
import { DatError } from './dat-types'
import { readDat } from './read-dat'

const utf8 = (text: string) => new TextEncoder().encode(text)

const LOGIQX = `<?xml version="1.0"?>
<!DOCTYPE datafile PUBLIC "-//Logiqx//DTD ROM Management Datafile//EN" "http://www.logiqx.com/Dats/datafile.dtd">
<datafile>
  <header>
    <name>Nintendo - Nintendo Entertainment System (Headerless)</name>
    <description>Nintendo - NES (Headerless) &amp; friends</description>
    <version>20240101-000000</version>
  </header>
  <game name="Legend of Zelda, The (USA) (Rev 1)">
    <description>Legend of Zelda, The (USA) (Rev 1)</description>
    <rom name="Legend of Zelda, The (USA) (Rev 1).nes" size="131072" crc="D7AE93DF" sha1="C1A8F8C5A3CF1A4B2D6B7A7C5B7E10D7F5E3C0B1"/>
  </game>
  <game name="Super Mario Bros. (World)">
    <release name="Super Mario Bros." region="EUR"/>
    <rom name="Super Mario Bros. (World).nes" size="40960" crc="3337ec46"/>
  </game>
  <machine name="No hashes (USA)">
    <rom name="x.nes" size="1"/>
  </machine>
</datafile>
`

const CLRMAMEPRO = `clrmamepro (
\tname "Nintendo - Nintendo Entertainment System (Headered)"
\tdescription "No-Intro \\"NES\\""
\tversion 20240101
)

game (
\tname "Mega Man 2 (Japan, USA)"
\tdescription "Mega Man 2 (Japan, USA)"
\trom ( name "Mega Man 2 (Japan, USA).nes" size 262160 crc 0FCFC04D md5 0527A0EE512F69E08B8DB6DC97964632 sha1 2290D8D839A303219E9327EA1451C5EEA430F53D )
)

game (
\tname "Homebrew (v1.1)"
\trom ( name "hb.nes" size 24592 crc 89ABCDEF )
)
`

describe('readDat: Logiqx XML', () => {
  it('reads the header and every ROM with its game, region and revision', async () => {
    const dat = await readDat(utf8(LOGIQX))
    expect(dat.format).toBe('logiqx')
    expect(dat.header).toEqual({
      name: 'Nintendo - Nintendo Entertainment System (Headerless)',
      description: 'Nintendo - NES (Headerless) & friends',
      version: '20240101-000000',
    })
    expect(dat.gameCount).toBe(2)
    expect(dat.roms).toEqual([
      {
        gameName: 'Legend of Zelda, The (USA) (Rev 1)',
        region: 'USA',
        revision: 'Rev 1',
        size: 131072,
        crc32: 'd7ae93df',
        sha1: 'c1a8f8c5a3cf1a4b2d6b7a7c5b7e10d7f5e3c0b1',
      },
      // A release's region comes before the name's.
      {
        gameName: 'Super Mario Bros. (World)',
        region: 'Europe',
        revision: null,
        size: 40960,
        crc32: '3337ec46',
        sha1: null,
      },
    ])
  })

  it('refuses entity expansion and external entities, naming the reason', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE datafile [<!ENTITY lol "lol">' +
      '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<datafile><game name="&lol2;"><rom crc="00000000"/></game></datafile>'
    await expect(readDat(utf8(laughs))).rejects.toThrow(/declares entities/)
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE datafile [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<datafile><game name="&xxe;"><rom crc="00000000"/></game></datafile>'
    await expect(readDat(utf8(xxe))).rejects.toThrow(DatError)
    // An entity used without a declaration is not expanded either.
    const undeclared = '<datafile><game name="&xxe;"><rom crc="00000000"/></game></datafile>'
    await expect(readDat(utf8(undeclared))).rejects.toThrow(/malformed.*undefined entity/)
  })

  it('refuses malformed XML, another root element, and a DAT without hashes', async () => {
    await expect(readDat(utf8('<datafile><game name="a"></datafile>'))).rejects.toThrow(/malformed/)
    await expect(readDat(utf8('<html><body/></html>'))).rejects.toThrow(/root element is <html>/)
    await expect(readDat(utf8('<datafile><game name="a"/></datafile>'))).rejects.toThrow(
      /no ROM with a CRC32 or SHA-1/,
    )
  })
})

describe('readDat: clrmamepro text', () => {
  it('reads quoted and bare values, escapes, and games', async () => {
    const dat = await readDat(utf8(CLRMAMEPRO))
    expect(dat.format).toBe('clrmamepro')
    expect(dat.header).toEqual({
      name: 'Nintendo - Nintendo Entertainment System (Headered)',
      description: 'No-Intro "NES"',
      version: '20240101',
    })
    expect(dat.roms).toEqual([
      {
        gameName: 'Mega Man 2 (Japan, USA)',
        region: 'Japan, USA',
        revision: null,
        size: 262160,
        crc32: '0fcfc04d',
        sha1: '2290d8d839a303219e9327ea1451c5eea430f53d',
      },
      {
        gameName: 'Homebrew (v1.1)',
        region: null,
        revision: 'v1.1',
        size: 24592,
        crc32: '89abcdef',
        sha1: null,
      },
    ])
  })

  it('refuses unclosed blocks and strings and runaway nesting, with the line', async () => {
    await expect(readDat(utf8('game (\n name "a"\n rom ( crc 00000000 )'))).rejects.toThrow(
      /line 3: a block is not closed/,
    )
    await expect(readDat(utf8('game (\n name "unterminated\n)'))).rejects.toThrow(/line 2/)
    const deep = `game ( ${'a ( '.repeat(10_000)}`
    await expect(readDat(utf8(deep))).rejects.toThrow(/nested deeper/)
  })
})

describe('readDat: limits', () => {
  it('refuses a file over 50 MB before reading it', async () => {
    await expect(readDat(new Uint8Array(DAT_MAX_BYTES + 1))).rejects.toThrow(/larger than 50 MB/)
  })

  it('refuses more ROMs than the limit, empty files and files of another kind', async () => {
    const three = CLRMAMEPRO + 'game ( name "x" rom ( crc 11111111 ) )\n'
    await expect(readDat(utf8(three), { maxRoms: 2 })).rejects.toThrow(/more than 2 ROMs/)
    await expect(readDat(utf8('  \n'))).rejects.toThrow(/empty/)
    await expect(readDat(utf8('{"json": true}'))).rejects.toThrow(/neither Logiqx XML/)
    await expect(readDat(new Uint8Array([0x67, 0x20, 0x28, 0xff, 0xfe]))).rejects.toThrow(/UTF-8/)
  })

  it('lets other work run while it reads a large DAT', async () => {
    const games = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<game name="Game ${i} (USA)"><rom name="g${i}.nes" size="40976" crc="${i.toString(16).padStart(8, '0')}"/></game>`,
    )
    const xml = utf8(`<datafile><header><name>Big</name></header>${games.join('')}</datafile>`)
    let turns = 0
    let isReading = true
    const tick = () => {
      turns++
      if (isReading) setImmediate(tick)
    }
    setImmediate(tick)
    const dat = await readDat(xml)
    isReading = false
    expect(dat.roms).toHaveLength(20_000)
    // The reader yielded between its slices (xml.length / 256 KiB of them), so the ticker ran too.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(xml.length / (256 * 1024)))
  })
})
