// Main-thread side of the debug build worker: one request at a time, answered with the ROM and its debug map.
import { prepareBuild } from '../build/build-project'
import type { Project } from '../project/project-files'
import { isDebugBuildResponse } from './debug-build-protocol'
import type { DebugBuildRequest, DebugBuildResponse } from './debug-build-protocol'
import { parseDebugJson } from './debug-map'
import type { DebugMap } from './debug-map'

export type DebugBuild =
  { ok: true; rom: Uint8Array; map: DebugMap } | { ok: false; message: string }

export class DebugBuilder {
  private worker: Worker | undefined
  private nextId = 1

  /** Assembles `project` with debug information. Always resolves. */
  async build(project: Project): Promise<DebugBuild> {
    const prepared = prepareBuild(project)
    if (!prepared.ok) return { ok: false, message: prepared.message }
    const worker = (this.worker ??= new Worker(
      new URL('./debug-build.worker.ts', import.meta.url),
      {
        type: 'module',
        name: 'nesasm-debug',
      },
    ))
    const id = this.nextId++
    const answer = await new Promise<DebugBuildResponse | null>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        const data: unknown = event.data
        if (!isDebugBuildResponse(data) || data.id !== id) return
        worker.removeEventListener('message', onMessage)
        resolve(data)
      }
      worker.addEventListener('message', onMessage)
      worker.addEventListener('error', () => resolve(null), { once: true })
      const request: DebugBuildRequest = {
        type: 'debug-build',
        id,
        files: prepared.input.files,
        main: prepared.input.main,
      }
      worker.postMessage(request)
    })
    if (answer === null) {
      this.dispose()
      return { ok: false, message: 'Failed to load the NESASM compiler library' }
    }
    if (answer.type === 'build-failed') return { ok: false, message: answer.message }
    try {
      return { ok: true, rom: answer.rom, map: parseDebugJson(answer.debugJson, answer.rom) }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
  }

  dispose(): void {
    this.worker?.terminate()
    this.worker = undefined
  }
}
