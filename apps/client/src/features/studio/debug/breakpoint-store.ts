// Breakpoints by file and 1-based line, kept in localStorage (they survive reloads), and the line where the
// debugger stopped (with the macro-body line running, inside an expansion). Editors and the debugger meet here: an
// editor reports lines that moved with an edit, the debugger reads them when it runs. Lines snap to the next line
// with code once a debug build says where code is.

const STORAGE_KEY = 'nes-studio.debug.breakpoints'

export interface StoppedAt {
  file: string
  line: number
}

type Listener = (source: unknown) => void

function readStored(): Map<string, number[]> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')
    if (typeof raw !== 'object' || raw === null) return new Map()
    const out = new Map<string, number[]>()
    for (const [file, lines] of Object.entries(raw)) {
      if (Array.isArray(lines) && lines.every((l) => Number.isInteger(l) && l > 0))
        out.set(file, lines as number[])
    }
    return out
  } catch {
    return new Map()
  }
}

export class BreakpointStore {
  private readonly byFile: Map<string, number[]>
  private readonly listeners = new Set<Listener>()
  private snapper: ((file: string, line: number) => number | undefined) | null = null
  private stopped: StoppedAt | null = null
  private stoppedInMacro: StoppedAt | null = null
  /** Where the cursor of the last editor that moved it is (Run to cursor). */
  cursor: StoppedAt | null = null

  constructor(
    private readonly storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null,
  ) {
    this.byFile = storage ? readStored() : new Map()
  }

  lines(file: string): readonly number[] {
    return this.byFile.get(file) ?? []
  }

  all(): { file: string; line: number }[] {
    return [...this.byFile].flatMap(([file, lines]) => lines.map((line) => ({ file, line })))
  }

  /** Toggles the breakpoint at `line`, or at the next line with code when the last debug build knows it. */
  toggle(file: string, line: number): void {
    const target = this.snapper?.(file, line) ?? line
    const lines = this.lines(file)
    this.set(
      file,
      lines.includes(target) ? lines.filter((l) => l !== target) : [...lines, target],
      null,
    )
  }

  /** The lines of `file` after an edit moved them (from the editor that holds it). */
  set(file: string, lines: readonly number[], source: unknown): void {
    const unique = [...new Set(lines)].sort((a, b) => a - b)
    if (unique.length === 0) this.byFile.delete(file)
    else this.byFile.set(file, unique)
    this.save(source)
  }

  private save(source: unknown = null): void {
    this.storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(this.byFile)))
    this.emit(source)
  }

  /** Moves the breakpoints of renamed or moved files (`[old name, new name]` pairs) to their new names. */
  rename(moves: readonly (readonly [string, string])[]): void {
    const moved = moves.flatMap(([from, to]) => {
      const lines = this.byFile.get(from)
      return lines && from !== to ? [[from, to, lines] as const] : []
    })
    if (moved.length === 0) return
    for (const [from] of moved) this.byFile.delete(from)
    for (const [, to, lines] of moved) this.byFile.set(to, lines)
    this.save()
  }

  /** Drops the breakpoints of deleted files. */
  forget(files: readonly string[]): void {
    const dropped = files.filter((file) => this.byFile.delete(file))
    if (dropped.length > 0) this.save()
  }

  clear(): void {
    for (const file of [...this.byFile.keys()]) this.set(file, [], null)
  }

  /** Where code is, from the last debug build; breakpoints already set snap to it. */
  setSnapper(snap: (file: string, line: number) => number | undefined): void {
    this.snapper = snap
    for (const [file, lines] of [...this.byFile]) {
      const snapped = lines.map((l) => snap(file, l) ?? l)
      if (snapped.some((l, i) => l !== lines[i])) this.set(file, snapped, null)
    }
  }

  get stoppedAt(): StoppedAt | null {
    return this.stopped
  }

  /** The macro-body line running when the debugger stopped inside an expansion (`stoppedAt` is the call). */
  get stoppedInMacroAt(): StoppedAt | null {
    return this.stoppedInMacro
  }

  setStoppedAt(at: StoppedAt | null, inMacro: StoppedAt | null = null): void {
    this.stopped = at
    this.stoppedInMacro = at ? inMacro : null
    this.emit(null)
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(source: unknown): void {
    for (const l of this.listeners) l(source)
  }
}

/** The studio's one store (editors and the debug panel share it). */
export const breakpointStore = new BreakpointStore()
