// The cc65 tools' messages as studio diagnostics, in the tools' own words: `file(line): Error: ...` (ca65, cc65,
// ld65's range errors), `ld65: Error: cfg(line): ...` (config errors), ld65's unresolved externals with the lines
// that reference them, and messages with no place (`ld65: Error: ...`), which go on the build.sh line that ran
// the tool. A file named relative to the tool's folder becomes a project path.
import type { StudioDiagnostic } from '../studio-diagnostic'

type Severity = StudioDiagnostic['severity']

const SEVERITY: Record<string, Severity> = {
  Error: 'error',
  Fatal: 'error',
  Warning: 'warning',
  Note: 'info',
}

/** Where a tool ran and how to name files it mentions. */
export interface MessageContext {
  /** Project path of a file the tool named (relative to its folder), or undefined outside the project. */
  fileOf: (name: string) => string | undefined
  /** Where a message without a file goes: build.sh and the command's line (or undefined: no place). */
  commandAt?: { file: string; line: number }
}

const AT_LINE = /^(.+)\((\d+)\): (Error|Warning|Note|Fatal): (.*)$/
const TOOL_AT_LINE = /^(?:ca65|cc65|ld65|cl65): (Error|Warning|Fatal): (.+)\((\d+)\): (.*)$/
const TOOL_ONLY = /^(ca65|cc65|ld65|cl65): (?:(Error|Warning|Fatal): )?(.*)$/
const UNRESOLVED = /^Unresolved external '(.+)' referenced in:$/
const REFERENCE = /^ {2}(.+)\((\d+)\)$/

function at(
  context: MessageContext,
  name: string,
  line: number,
  severity: Severity,
  message: string,
): StudioDiagnostic {
  return {
    severity,
    message,
    file: context.fileOf(name) ?? name,
    line,
    column: 1,
    length: 0,
  }
}

function placeless(context: MessageContext, severity: Severity, message: string): StudioDiagnostic {
  const place = context.commandAt
  return {
    severity,
    message,
    file: place?.file ?? '',
    line: place?.line ?? 0,
    column: 1,
    length: 0,
  }
}

/** The diagnostics in one run's stderr. `failed`: the run failed, so a bare `cl65: ...` line is an error. */
export function parseToolMessages(
  stderr: string,
  context: MessageContext,
  failed = false,
): StudioDiagnostic[] {
  const out: StudioDiagnostic[] = []
  let unresolved: string | undefined
  for (const raw of stderr.split('\n')) {
    const line = raw.replace(/\r$/, '')
    const reference = unresolved !== undefined ? REFERENCE.exec(line) : null
    if (reference) {
      out.push(
        at(
          context,
          reference[1]!,
          Number(reference[2]),
          'error',
          `Unresolved external '${unresolved}'`,
        ),
      )
      continue
    }
    unresolved = UNRESOLVED.exec(line)?.[1]
    if (unresolved !== undefined || line.trim() === '') continue
    const tool = TOOL_AT_LINE.exec(line)
    if (tool) {
      out.push(at(context, tool[2]!, Number(tool[3]), SEVERITY[tool[1]!]!, tool[4]!))
      continue
    }
    const located = AT_LINE.exec(line)
    if (located) {
      out.push(at(context, located[1]!, Number(located[2]), SEVERITY[located[3]!]!, located[4]!))
      continue
    }
    const bare = TOOL_ONLY.exec(line)
    if (bare) {
      const severity = bare[2] ? SEVERITY[bare[2]]! : failed ? 'error' : 'warning'
      out.push(placeless(context, severity, line))
    }
  }
  return out
}
