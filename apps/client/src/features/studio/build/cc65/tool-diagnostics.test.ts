import { describe, expect, it } from 'vitest'
import { parseToolMessages } from './tool-diagnostics'

const context = {
  fileOf: (name: string) => (name.startsWith('/') ? undefined : `src/${name}`),
  commandAt: { file: 'build.sh', line: 4 },
}
const d = (severity: string, file: string, line: number, message: string) => ({
  severity,
  file,
  line,
  message,
  column: 1,
  length: 0,
})

describe('parseToolMessages', () => {
  it('places `file(line): Error/Warning/Note/Fatal:` messages, files relative to the tool’s folder', () => {
    const stderr = [
      'main.s(3): Error: Syntax error',
      '../inc/macros.inc(3): Note: Macro was defined here',
      'main.c(5): Warning: Converting pointer to integer without a cast',
      'main.c(9): Fatal: Too many errors',
      '/usr/share/cc65/include/nes.h(1): Error: x',
      '',
    ].join('\n')
    expect(parseToolMessages(stderr, context)).toEqual([
      d('error', 'src/main.s', 3, 'Syntax error'),
      d('info', 'src/../inc/macros.inc', 3, 'Macro was defined here'),
      d('warning', 'src/main.c', 5, 'Converting pointer to integer without a cast'),
      d('error', 'src/main.c', 9, 'Too many errors'),
      d('error', '/usr/share/cc65/include/nes.h', 1, 'x'),
    ])
  })

  it("places ld65's config errors in the config and unresolved externals at each reference", () => {
    const stderr = [
      "ld65: Error: game.cfg(2): Attribute expected, got 'SISE'",
      "Unresolved external 'music_play' referenced in:",
      '  main.s(4)',
      '  sound.s(12)',
      'ld65: Error: 1 unresolved external(s) found - cannot create output file',
    ].join('\n')
    expect(parseToolMessages(stderr, context, true)).toEqual([
      d('error', 'src/game.cfg', 2, "Attribute expected, got 'SISE'"),
      d('error', 'src/main.s', 4, "Unresolved external 'music_play'"),
      d('error', 'src/sound.s', 12, "Unresolved external 'music_play'"),
      d(
        'error',
        'build.sh',
        4,
        'ld65: Error: 1 unresolved external(s) found - cannot create output file',
      ),
    ])
  })

  it('puts messages without a place on the command’s line, in the tool’s words', () => {
    expect(
      parseToolMessages(
        "cl65: Don't know what to do with 'a.chr'\ncl65: No input files",
        context,
        true,
      ),
    ).toEqual([
      d('error', 'build.sh', 4, "cl65: Don't know what to do with 'a.chr'"),
      d('error', 'build.sh', 4, 'cl65: No input files'),
    ])
    expect(parseToolMessages('ld65: Warning: something odd', { fileOf: () => undefined })).toEqual([
      d('warning', '', 0, 'ld65: Warning: something odd'),
    ])
  })
})
