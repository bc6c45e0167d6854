// Compiles the project with its toolchain (build/toolchain.ts: NESASM or cc65, each in its own worker, created
// when a project of that kind is first built) and turns the outcome into what the studio shows; also checks the
// project as the user types, so the inline diagnostics stay current.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CompileOutcome } from '../build/compile-result'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { Toolchain, ToolchainBuild } from '../build/toolchain'
import { createToolchain } from '../build/toolchains'
import { toolchainOf } from '../project/project-files'
import type { Project, ToolchainKind } from '../project/project-files'

/** `kind`: the open project's toolchain, loaded shortly after the page (or the project) opens. */
export function useCompiler(kind: ToolchainKind = 'nesasm') {
  const toolchains = useRef(new Map<ToolchainKind, Toolchain>())
  const [isCompiling, setIsCompiling] = useState(false)
  const [diagnostics, setDiagnostics] = useState<StudioDiagnostic[]>([])
  const [lastAssemblyMs, setLastAssemblyMs] = useState<number | undefined>(undefined)
  const sequence = useRef(0)

  const getToolchain = useCallback((of: ToolchainKind) => {
    let toolchain = toolchains.current.get(of)
    if (!toolchain) {
      toolchain = createToolchain(of)
      toolchains.current.set(of, toolchain)
    }
    return toolchain
  }, [])

  useEffect(() => {
    // Load the tools while the user reads the sample, so the first compile is quick; the / bundle never loads them.
    const idle = setTimeout(() => void getToolchain(kind).load(), 200)
    return () => clearTimeout(idle)
  }, [getToolchain, kind])

  useEffect(() => {
    const all = toolchains.current
    return () => {
      for (const toolchain of all.values()) toolchain.dispose()
      all.clear()
    }
  }, [])

  // The last build, by the files it built: a compile right after the check of the same files (or while it runs)
  // takes its answer instead of building again (a large project takes seconds, and the worker does one at a time).
  const last = useRef<{ files: Project['files']; build: Promise<ToolchainBuild> } | undefined>(
    undefined,
  )

  /** Builds and shows the diagnostics of the newest request only (a check and a compile may overlap). */
  const runBuild = useCallback(
    async (project: Project): Promise<CompileOutcome> => {
      sequence.current += 1
      const mine = sequence.current
      if (last.current?.files !== project.files) {
        const build = getToolchain(toolchainOf(project)).build(project)
        last.current = { files: project.files, build }
      }
      const { build } = last.current
      const built = await build
      // No diagnostics and no ROM: the tools did not run (a worker that failed to load), so try again next time.
      if (!built.outcome.ok && built.diagnostics.length === 0 && last.current?.build === build)
        last.current = undefined
      if (mine === sequence.current) setDiagnostics(built.diagnostics)
      if (built.elapsedMs !== undefined) setLastAssemblyMs(built.elapsedMs)
      return built.outcome
    },
    [getToolchain],
  )

  const compile = useCallback(
    async (project: Project): Promise<CompileOutcome> => {
      setIsCompiling(true)
      try {
        return await runBuild(project)
      } finally {
        setIsCompiling(false)
      }
    },
    [runBuild],
  )

  /** Builds without running, to refresh the inline diagnostics while the user types. */
  const check = useCallback(
    async (project: Project): Promise<void> => {
      await runBuild(project)
    },
    [runBuild],
  )

  const clearDiagnostics = useCallback(() => {
    sequence.current += 1
    setDiagnostics([])
  }, [])

  /** Builds `project` with debug information (the debugger's build, for the labels download). */
  const buildForDebug = useCallback(
    (project: Project) => getToolchain(toolchainOf(project)).buildForDebug(project),
    [getToolchain],
  )

  /** `build` compiles without the COMPILING... state (live mode): the outcome, diagnostics shown. */
  return {
    compile,
    check,
    build: runBuild,
    buildForDebug,
    isCompiling,
    diagnostics,
    clearDiagnostics,
    lastAssemblyMs,
  }
}
