import { describe, expect, it } from 'vitest'
import { parseBuildScript, SUPPORTED } from './build-script'

const commands = (script: string) => {
  const parsed = parseBuildScript(script)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.commands.map((c) => [c.line, c.name, ...c.args.map((a) => a.text)])
}

const refused = (script: string, line: number, what: string) => {
  const parsed = parseBuildScript(script)
  expect(parsed).toEqual({ ok: false, error: { line, message: `${what}. ${SUPPORTED}.` } })
}

describe('parseBuildScript', () => {
  it('splits lines into words as a shell does: quotes, backslashes, comments, continued lines', () => {
    const script = [
      '#!/bin/sh',
      '# build the game',
      'ca65 -D \'NAME=My Game\' "src/main file.s" -o obj/main.o  # comment',
      '',
      'ld65 -o game.nes -C nrom.cfg \\',
      '  obj/main.o nes.lib',
      'cc65 -DVALUE=1\\ 2 a#b.c',
    ].join('\r\n')
    expect(commands(script)).toEqual([
      [3, 'ca65', '-D', 'NAME=My Game', 'src/main file.s', '-o', 'obj/main.o'],
      [5, 'ld65', '-o', 'game.nes', '-C', 'nrom.cfg', 'obj/main.o', 'nes.lib'],
      [7, 'cc65', '-DVALUE=1 2', 'a#b.c'],
    ])
  })

  it('runs the tools named by a path (../bin/cc65) and the shell commands builds use', () => {
    const parsed = parseBuildScript(
      '../bin/cc65 -O main.c\ncd src\nmkdir -p obj\nrm -f *.o\necho done\nset -e\n',
    )
    if (!parsed.ok) throw new Error(parsed.error.message)
    expect(parsed.commands.map((c) => [c.name, c.program])).toEqual([
      ['cc65', '../bin/cc65'],
      ['cd', 'cd'],
      ['mkdir', 'mkdir'],
      ['rm', 'rm'],
      ['echo', 'echo'],
      ['set', 'set'],
    ])
    expect(parsed.commands[3]!.args).toEqual([{ text: '-f' }, { text: '*.o', pattern: true }])
  })

  it('refuses what a shell would expand or interpret, naming the line and what is supported', () => {
    refused('ca65 main.s\nld65 -o $NAME.nes main.o', 2, 'variables and $(...) are not supported')
    refused('NAME=game\n', 1, 'variables are not supported')
    refused('for f in *.s; do ca65 $f; done', 1, 'several commands on a line (;) are not supported')
    refused('if true\n', 1, 'loops and conditions are not supported')
    refused('ca65 main.s | tee log', 1, 'pipes and || are not supported')
    refused('ca65 main.s && ld65 main.o', 1, '& and && are not supported')
    refused('ca65 main.s > log.txt', 1, 'redirections are not supported')
    refused('ca65 "$(pwd)/main.s"', 1, 'variables and $(...) are not supported')
    refused('ca65 `ls`', 1, 'command substitution is not supported')
    refused('ld65 -o game.nes *.o', 1, '* patterns are supported in rm only')
    refused("ca65 'main.s", 1, "a ' quote is not closed on this line")
    refused('make all', 1, "'make' is not a command build.sh can run")
    refused('cp a.nes b.nes', 1, "'cp' is not a command build.sh can run")
    refused('ca65 ~/main.s', 1, '~ (the home folder) is not supported')
  })

  it('takes quoted specials as plain text', () => {
    expect(commands('ca65 -D \'A=$1\' "b*c" \'x|y\' "\\$"')).toEqual([
      [1, 'ca65', '-D', 'A=$1', 'b*c', 'x|y', '$'],
    ])
  })
})
