// Turns the studio project into the assembler's input: text files with characters above 255 stripped (one byte per
// character), CHR text converted to tile bytes, binary files as they are.
import type { AssembleInput } from '@nes-studio/assembler'
import { chrTextToBytes } from '../project/chr-text'
import type { ChrProblem } from '../project/chr-text'
import { mainFile } from '../project/project-files'
import type { EditorFile, Project } from '../project/project-files'
import { encodeForAssembler } from '../project/text-bytes'
import type { StudioDiagnostic } from './studio-diagnostic'

export const MAIN_NOT_FOUND_MESSAGE = 'Main file not found'

type Converted = { bytes: Uint8Array; chrProblems: ChrProblem[] }

// A file's bytes for the assembler, kept while the file object lives: an edit makes a new object, so a check after
// typing converts only the edited file, not all of a large project (SMB3's 6.8 MB) again.
const converted = new WeakMap<EditorFile, Converted>()

function assemblerBytes(file: EditorFile): Converted {
  const known = converted.get(file)
  if (known) return known
  let result: Converted
  if (file.binary) result = { bytes: file.binary, chrProblems: [] }
  else if (file.type === 'chr') {
    const chr = chrTextToBytes(file.content)
    result = { bytes: chr.bytes, chrProblems: chr.problems }
  } else result = { bytes: encodeForAssembler(file.content), chrProblems: [] }
  converted.set(file, result)
  return result
}

export type PreparedBuild =
  { ok: true; input: AssembleInput } | { ok: false; message: string; problems: StudioDiagnostic[] }

/** Listing level 2 on the main file (main.asm unless the project picked another), output .nes (spec section 7). */
export function prepareBuild(project: Project): PreparedBuild {
  const main = mainFile(project)
  if (!main) return { ok: false, message: MAIN_NOT_FOUND_MESSAGE, problems: [] }
  const files: Record<string, Uint8Array> = {}
  const problems: StudioDiagnostic[] = []
  for (const file of project.files) {
    const { bytes, chrProblems } = assemblerBytes(file)
    files[file.filename] = bytes
    for (const p of chrProblems)
      problems.push({ severity: 'error', code: 'ChrText', file: file.filename, ...p })
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
