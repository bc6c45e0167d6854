// Compiles the project in the assembler worker and turns the outcome into what the studio shows; also checks the
// project as the user types, so the inline diagnostics stay current (the worker takes a few milliseconds).
import { useCallback, useEffect, useRef, useState } from 'react'
import { AssemblerClient } from '../build/assembler-client'
import { prepareBuild } from '../build/build-project'
import { interpretResult } from '../build/compile-result'
import type { CompileOutcome } from '../build/compile-result'
import { fromAssemblerDiagnostic } from '../build/studio-diagnostic'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { Project } from '../project/project-files'

export function useCompiler() {
  const client = useRef<AssemblerClient | undefined>(undefined)
  const [isCompiling, setIsCompiling] = useState(false)
  const [diagnostics, setDiagnostics] = useState<StudioDiagnostic[]>([])
  const [lastAssemblyMs, setLastAssemblyMs] = useState<number | undefined>(undefined)
  const sequence = useRef(0)

  const getClient = useCallback(() => (client.current ??= new AssemblerClient()), [])

  useEffect(() => {
    // Load the worker while the user reads the sample, so the first compile is quick; the / bundle never loads it.
    const idle = setTimeout(() => void getClient().load(), 200)
    return () => {
      clearTimeout(idle)
      client.current?.dispose()
      client.current = undefined
    }
  }, [getClient])

  /** Assembles and shows the diagnostics of the newest request only (a check and a compile may overlap). */
  const runBuild = useCallback(
    async (project: Project): Promise<CompileOutcome> => {
      sequence.current += 1
      const mine = sequence.current
      const show = (list: StudioDiagnostic[]) => {
        if (mine === sequence.current) setDiagnostics(list)
      }
      const build = prepareBuild(project)
      if (!build.ok) {
        show(build.problems)
        return { ok: false, error: { message: build.message, diagnostics: build.problems } }
      }
      const outcome = await getClient().assemble(build.input)
      if (outcome.kind !== 'result') {
        show([])
        return { ok: false, error: { message: outcome.message, diagnostics: [] } }
      }
      show(outcome.result.diagnostics.map(fromAssemblerDiagnostic))
      setLastAssemblyMs(outcome.elapsedMs)
      return interpretResult(outcome.result, outcome.elapsedMs)
    },
    [getClient],
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

  /** Assembles without running, to refresh the inline diagnostics while the user types. */
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

  /** `build` assembles without the COMPILING... state (live mode): the outcome, diagnostics shown. */
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
