// Which highlighting a file gets: NESASM for a NESASM project's sources; in a cc65 project ca65 for assembly,
// C for .c/.h, ld65's config language for .cfg and the shell for build.sh; CHR text for .chr everywhere.
import { StreamLanguage } from '@codemirror/language'
import type { Extension } from '@codemirror/state'
import { c } from '@codemirror/legacy-modes/mode/clike'
import { shell } from '@codemirror/legacy-modes/mode/shell'
import type { ToolchainKind } from '../project/project-files'
import { ca65Language } from './ca65-language'
import { ld65ConfigLanguage } from './ld65-config-language'
import { nesasmLanguage } from './nesasm-language'

export type Syntax = 'nesasm' | 'chr' | 'ca65' | 'c' | 'ld65-config' | 'shell'

/** The highlighting of `filename` in a project built by `toolchain`. */
export function syntaxFor(filename: string, toolchain: ToolchainKind = 'nesasm'): Syntax {
  if (/\.chr$/i.test(filename)) return 'chr'
  if (toolchain === 'nesasm') return 'nesasm'
  if (/\.[ch]$/i.test(filename)) return 'c'
  if (/\.cfg$/i.test(filename)) return 'ld65-config'
  if (/\.sh$/i.test(filename)) return 'shell'
  return 'ca65'
}

const cLanguage = StreamLanguage.define(c)
const shellLanguage = StreamLanguage.define(shell)

/** The language extension of a syntax other than CHR text (which has its own highlight style). */
export function syntaxLanguage(syntax: Exclude<Syntax, 'chr'>): Extension {
  switch (syntax) {
    case 'nesasm':
      return nesasmLanguage
    case 'ca65':
      return ca65Language
    case 'c':
      return cLanguage
    case 'ld65-config':
      return ld65ConfigLanguage
    case 'shell':
      return shellLanguage
  }
}
