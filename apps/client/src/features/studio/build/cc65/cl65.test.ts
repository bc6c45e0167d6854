import { describe, expect, it } from 'vitest'
import { makeFilename, planCl65 } from './cl65'
import type { Cl65Step } from './cl65'

/** The steps as command lines; what native `cl65 -d` prints as "Executing:" lines (less cc65's -d). */
const lines = (args: string) =>
  planCl65(args.split(' ')).map((step: Cl65Step) =>
    step.kind === 'tool'
      ? [step.tool, ...step.args].join(' ')
      : step.kind === 'remove'
        ? `remove ${step.path}`
        : `${step.text}${step.exit === undefined ? '' : ` (exit ${step.exit})`}`,
  )

describe('planCl65 (cl65 2.19 main.c, checked against native cl65 -d)', () => {
  it('compiles, assembles (removing the .s) and links with the target library', () => {
    expect(lines('-t nes main.c')).toEqual([
      'cc65 -t nes main.c',
      'ca65 -t nes main.s',
      'remove main.s',
      'ld65 -o main -t nes main.o nes.lib',
    ])
    expect(lines('-t nes -O -o game.nes crt0.s main.c -m game.map -vm')).toEqual([
      'ca65 -t nes crt0.s',
      'cc65 -O -t nes main.c',
      'ca65 -t nes main.s',
      'remove main.s',
      'ld65 -m game.map -vm -o game.nes -t nes crt0.o main.o nes.lib',
    ])
  })

  it('applies options only to the files after them (the default target is c64)', () => {
    expect(lines('main.c -t nes -Oi')).toEqual([
      'cc65 -t c64 main.c',
      'ca65 -t c64 main.s',
      'remove main.s',
      'ld65 -o main -t nes main.o nes.lib',
    ])
  })

  it('stops before linking with -c, before assembling with -S, and names the output of the last step', () => {
    expect(lines('-t nes -c main.c crt0.s')).toEqual([
      'cc65 -t nes main.c',
      'ca65 -t nes main.s',
      'remove main.s',
      'ca65 -t nes crt0.s',
    ])
    expect(lines('-t nes -S sub/game.c')).toEqual(['cc65 -t nes sub/game.c'])
    expect(lines('-t nes -c -o x.o main.c')).toEqual([
      'cc65 -t nes main.c',
      'ca65 -t nes -o x.o main.s',
      'remove main.s',
    ])
  })

  it('passes objects and libraries to the linker, warning about a duplicate', () => {
    expect(lines('-t nes sub/game.c crt0.o nes.lib crt0.o')).toEqual([
      'cc65 -t nes sub/game.c',
      'ca65 -t nes sub/game.s',
      'remove sub/game.s',
      "cl65: Duplicate file in argument list: 'crt0.o'",
      'ld65 -o sub/game -t nes sub/game.o crt0.o nes.lib crt0.o nes.lib',
    ])
  })

  it('sends each option to its tool, -Wa/-Wc/-Wl lists split at commas', () => {
    const args =
      '-t nes --asm-define FOO=1 --asm-include-dir inc -I hdr -DBAR -Wa -l,list.txt -Wc --static-locals -u sym -L lib main.c'
    expect(lines(args)).toEqual([
      'cc65 -I hdr -D BAR --static-locals -t nes main.c',
      'ca65 -D FOO=1 -I inc -l list.txt -t nes main.s',
      'remove main.s',
      'ld65 -u sym --lib-path lib -o main -t nes main.o nes.lib',
    ])
    expect(lines('-t nes -l listing.lst crt0.s')).toEqual([
      'ca65 -l listing.lst -t nes crt0.s',
      'ld65 -o crt0 -t nes crt0.o nes.lib',
    ])
    expect(lines('-t nes --no-target-lib -C my.cfg crt0.s')).toEqual([
      'ca65 -t nes crt0.s',
      'ld65 -o crt0 -C my.cfg crt0.o',
    ])
  })

  it("stops with cl65's own errors where cl65 meets them", () => {
    // -m takes the rest of the word, so -mm names a map file "m" and "near" is a file
    expect(lines('-t nes -mm near main.c')).toEqual([
      "cl65: Don't know what to do with 'near' (exit 1)",
    ])
    expect(lines('-t nes main.c -q')).toEqual([
      'cc65 -t nes main.c',
      'ca65 -t nes main.s',
      'remove main.s',
      'cl65: Unknown option: -q (exit 1)',
    ])
    expect(lines('-t snes main.c')).toEqual(["cl65: No such target system: 'snes' (exit 1)"])
    expect(lines('-C a.cfg -C b.cfg')).toEqual(['cl65: Cannot specify -C/--config twice (exit 1)'])
    expect(lines('-t nes -o')).toEqual(['cl65: Option requires an argument: -o (exit 1)'])
    expect(lines('-t nes')).toEqual(['cl65: No input files'])
  })
})

describe('makeFilename', () => {
  it('replaces the extension of the last path part, or adds one', () => {
    expect(makeFilename('src/main.c', '.s')).toBe('src/main.s')
    expect(makeFilename('src.d/main', '.o')).toBe('src.d/main.o')
    expect(makeFilename('a.b.c', '')).toBe('a.b')
  })
})
