// Compiles the project in the assembler worker and turns the outcome into what the studio shows.
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

  const compile = useCallback(
    async (project: Project): Promise<CompileOutcome> => {
      setIsCompiling(true)
      try {
        const build = prepareBuild(project)
        if (!build.ok) {
          setDiagnostics(build.problems)
          return { ok: false, error: { message: build.message, diagnostics: build.problems } }
        }
        const outcome = await getClient().assemble(build.input)
        if (outcome.kind !== 'result') {
          setDiagnostics([])
          return { ok: false, error: { message: outcome.message, diagnostics: [] } }
        }
        setLastAssemblyMs(outcome.elapsedMs)
        const interpreted = interpretResult(outcome.result, outcome.elapsedMs)
        setDiagnostics(outcome.result.diagnostics.map(fromAssemblerDiagnostic))
        return interpreted
      } finally {
        setIsCompiling(false)
      }
    },
    [getClient],
  )

  const clearDiagnostics = useCallback(() => setDiagnostics([]), [])

  return { compile, isCompiling, diagnostics, clearDiagnostics, lastAssemblyMs }
}
