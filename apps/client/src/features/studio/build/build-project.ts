// Turns the studio project into the assembler's input: text files with characters above 255 stripped (one byte per
// character), CHR text converted to tile bytes, binary files as they are.
import type { AssembleInput } from '@nes-studio/assembler'
import { chrTextToBytes } from '../project/chr-text'
import { mainFile } from '../project/project-files'
import type { Project } from '../project/project-files'
import { encodeLatin1, stripOutOfRange } from '../project/text-bytes'
import type { StudioDiagnostic } from './studio-diagnostic'

export const MAIN_NOT_FOUND_MESSAGE = 'Main file not found'

export type PreparedBuild =
  { ok: true; input: AssembleInput } | { ok: false; message: string; problems: StudioDiagnostic[] }

/** Listing level 2 on the main file (main.asm unless the project picked another), output .nes (spec section 7). */
export function prepareBuild(project: Project): PreparedBuild {
  const main = mainFile(project)
  if (!main) return { ok: false, message: MAIN_NOT_FOUND_MESSAGE, problems: [] }
  const files: Record<string, Uint8Array> = {}
  const problems: StudioDiagnostic[] = []
  for (const file of project.files) {
    if (file.binary) {
      files[file.filename] = file.binary
    } else if (file.type === 'chr') {
      const converted = chrTextToBytes(file.content)
      files[file.filename] = converted.bytes
      for (const p of converted.problems)
        problems.push({ severity: 'error', code: 'ChrText', file: file.filename, ...p })
    } else {
      files[file.filename] = encodeLatin1(stripOutOfRange(file.content))
    }
  }
  if (problems.length > 0) {
    return {
      ok: false,
      message: `Compilation failed: ${problems.length} error(s) in CHR files`,
      problems,
    }
  }
  return {
    ok: true,
    input: { files, main: main.filename, options: { listLevel: 2, output: 'nes' } },
  }
}
