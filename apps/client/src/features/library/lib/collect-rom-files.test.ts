// @vitest-environment node
// Node has File with arrayBuffer(); jsdom's File has not.
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { ZIP_MAX_ROMS, collectRomFiles } from './collect-rom-files'

const rom = (seed: number) => new Uint8Array(1040).fill(seed)
const zipFile = (name: string, entries: Record<string, Uint8Array>) =>
  new File([zipSync(entries) as Uint8Array<ArrayBuffer>], name)

/** What the queue would list: names of files taken, and "name: reason" of those refused. */
async function collected(files: File[]) {
  return (await collectRomFiles(files)).map((c) =>
    c.kind === 'rom' ? `${c.file.name} (${c.file.size})` : `${c.name}: ${c.reason}`,
  )
}

describe('files for the upload queue', () => {
  it('takes .nes files, opens zips for their .nes entries only, and refuses the rest by name', async () => {
    const zip = zipFile('games.zip', {
      'Games/alpha.nes': rom(1),
      'readme.txt': new Uint8Array(10),
      'Games/sub/beta.NES': rom(2),
    })
    expect(
      await collected([new File([rom(3)], 'gamma.nes'), zip, new File(['x'], 'notes.txt')]),
    ).toEqual([
      'gamma.nes (1040)',
      'alpha.nes (1040)',
      'beta.NES (1040)',
      'notes.txt: Not a .nes or .zip file.',
    ])
  })

  it('keeps zip entries inside the queue: folders and "../" are dropped from their names', async () => {
    const zip = zipFile('tricks.zip', { '../../etc/evil.nes': rom(4), '/abs/path.nes': rom(5) })
    expect(await collected([zip])).toEqual(['evil.nes (1040)', 'path.nes (1040)'])
  })

  it('refuses a zip without .nes files, one that is not a zip, and one with too many ROMs', async () => {
    const many: Record<string, Uint8Array> = {}
    for (let i = 0; i <= ZIP_MAX_ROMS; i++) many[`r${i}.nes`] = new Uint8Array(16)
    expect(
      await collected([
        zipFile('empty.zip', { 'a.txt': new Uint8Array(3) }),
        new File(['not a zip at all'], 'fake.zip'),
        zipFile('many.zip', many),
      ]),
    ).toEqual([
      'empty.zip: No .nes file in this zip.',
      expect.stringMatching(/^fake\.zip: Zip not read: .+\.$/),
      `many.zip: Zip not read: it holds more than ${ZIP_MAX_ROMS} .nes files.`,
    ])
  })
})
