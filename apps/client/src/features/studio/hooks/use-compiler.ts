// Compiles the project with its toolchain (build/toolchain.ts: NESASM or cc65, each in its own worker, created
// when a project of that kind is first built) and turns the outcome into what the studio shows; also checks the
// project as the user types, so the inline diagnostics stay current.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CompileOutcome } from '../build/compile-result'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { Toolchain } from '../build/toolchain'
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

  /** Builds and shows the diagnostics of the newest request only (a check and a compile may overlap). */
  const runBuild = useCallback(
    async (project: Project): Promise<CompileOutcome> => {
      sequence.current += 1
      const mine = sequence.current
      const built = await getToolchain(toolchainOf(project)).build(project)
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

  /** `build` compiles without the COMPILING... state (live mode): the outcome, diagnostics shown. */
  return {
    compile,
    check,
    build: runBuild,
    isCompiling,
    diagnostics,
    clearDiagnostics,
    lastAssemblyMs,
  }
}
