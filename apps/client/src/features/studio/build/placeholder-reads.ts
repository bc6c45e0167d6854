// A build that read a placeholder (a file the studio created because a source named it, never edited since) built
// from a template or from nothing, not from the project's real file: each such read is a warning that says so.
import type { FileRead } from '@nes-studio/assembler'
import type { Project } from '../project/project-files'
import type { StudioDiagnostic } from './studio-diagnostic'

/** One warning per placeholder the build read, at the directive that first read it. */
export function placeholderWarnings(
  project: Project,
  reads: readonly FileRead[],
): StudioDiagnostic[] {
  const byName = new Map(project.files.map((f) => [f.filename, f]))
  return reads.flatMap((read): StudioDiagnostic[] => {
    const file = byName.get(read.file)
    if (!file?.placeholder) return []
    const isEmpty = file.binary ? file.binary.length === 0 : file.content === ''
    const what = isEmpty ? 'an empty placeholder' : "a placeholder (the studio's template)"
    const { span } = read
    return [
      {
        severity: 'warning',
        code: 'Placeholder',
        message: `${read.file} is ${what} created for ${span.file}:${span.line}`,
        file: span.file,
        line: span.line,
        column: span.column,
        length: span.length,
      },
    ]
  })
}
