// Which file of an imported project the build starts from, wherever it sits in the project's folders.
import { referencesOf } from './include-scan'
import type { EditorFile } from './project-files'
import { resolveReference } from './reference-paths'
import { MAIN_FILE } from './templates'

/** Whether a source names another file of the project with .include (so it is not the file a build starts from). */
function includedFiles(files: EditorFile[], mainGuess: string): Set<string> {
  const paths = new Set(files.map((f) => f.filename))
  const included = new Set<string>()
  for (const file of files) {
    if (file.binary) continue
    for (const ref of referencesOf(file)) {
      const path = resolveReference((p) => paths.has(p), ref.filename, mainGuess, file.filename)
      if (path !== undefined && path !== file.filename) included.add(path)
    }
  }
  return included
}

const depth = (path: string) => path.split('/').length

/**
 * The file a build starts from: main.asm at the top, else an .asm with an iNES header directive that no other
 * source includes (the top of the include tree), the shallowest first (then main.asm, then by name), else the
 * first .asm.
 */
export function pickMain(files: EditorFile[]): EditorFile | undefined {
  const root = files.find((f) => f.filename === MAIN_FILE && !f.binary)
  if (root) return root
  const asm = files.filter((f) => !f.binary && /\.asm$/i.test(f.filename))
  const withHeader = asm.filter((f) => /^[^;]*\.?ines(prg|map)\b/im.test(f.content))
  const candidates = withHeader.length > 0 ? withHeader : asm
  const included = includedFiles(files, candidates[0]?.filename ?? '')
  const tops = candidates.filter((f) => !included.has(f.filename))
  const isMainName = (f: EditorFile) => (f.filename.split('/').pop() === MAIN_FILE ? 0 : 1)
  return [...(tops.length > 0 ? tops : candidates)].sort(
    (a, b) =>
      depth(a.filename) - depth(b.filename) ||
      isMainName(a) - isMainName(b) ||
      a.filename.localeCompare(b.filename),
  )[0]
}
