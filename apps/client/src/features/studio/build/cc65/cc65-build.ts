// One cc65 build as the worker runs it: build.sh (or the default build), then, for a debug build, the debugger's
// data from the link's debug file, with file names as project paths. Pure: the worker feeds it the toolchain.
import { BUILD_SCRIPT, parseBuildScript } from './build-script'
import { BuildFs } from './build-fs'
import { parseDbgFile } from './dbg-file'
import { debugDataFromDbg } from './dbg-debug-data'
import { SOURCE, defaultBuildCommands } from './default-build'
import type { Cc65BuildRequest, Cc65ResultResponse } from './cc65-protocol'
import { runCc65Build } from './run-build'
import type { Cc65Build, ToolRunner } from './run-build'

/** Text of the sources the default build scans for includes. */
function sourceTexts(files: Readonly<Record<string, Uint8Array>>): Record<string, string> {
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const texts: Record<string, string> = {}
  for (const [path, bytes] of Object.entries(files))
    if (SOURCE.test(path)) texts[path] = decoder.decode(bytes)
  return texts
}

function runRequest(
  tools: ToolRunner,
  request: Cc65BuildRequest,
): Cc65Build | Omit<Cc65ResultResponse, 'type' | 'id' | 'elapsedMs' | 'reused' | 'ran'> {
  const { files, folders, script, debug } = request
  if (script === undefined) {
    const paths = Object.keys(files)
    if (!paths.some((p) => /\.(s|c)$/i.test(p))) {
      const message = 'The project has no .s or .c file to build (and no build.sh).'
      return { ok: false, log: '', diagnostics: [], failure: { line: 0, message } }
    }
    return runCc65Build(tools, defaultBuildCommands(paths, sourceTexts(files)), files, folders, {
      debug,
    })
  }
  const parsed = parseBuildScript(script)
  if (!parsed.ok) {
    const { line, message } = parsed.error
    const diagnostic = {
      severity: 'error' as const,
      message,
      file: BUILD_SCRIPT,
      line,
      column: 1,
      length: 0,
    }
    return {
      ok: false,
      log: `${BUILD_SCRIPT}:${line}: ${message}\n`,
      diagnostics: [diagnostic],
      failure: { line, message },
    }
  }
  return runCc65Build(tools, parsed.commands, files, folders, { script: BUILD_SCRIPT, debug })
}

/** The debugger's data from the build's debug file, or why there is none. */
function debugOf(
  build: Cc65Build,
  request: Cc65BuildRequest,
): Pick<Cc65ResultResponse, 'debug' | 'debugError'> {
  if (!build.rom) return {}
  const bytes = build.dbgPath === undefined ? undefined : build.files[build.dbgPath]
  if (!bytes) return { debugError: 'The link wrote no debug file (--dbgfile)' }
  try {
    const dbg = parseDbgFile(new TextDecoder().decode(bytes))
    // names in the debug file are as each tool was given them, from the folder it ran in
    const fs = new BuildFs({ ...request.files })
    const sources = new Set(Object.keys(request.files))
    const fileOf = (name: string) => {
      for (const from of build.cwds) {
        const path = fs.resolve(name, from)
        if (path !== undefined && sources.has(path)) return path
      }
      return undefined
    }
    return { debug: debugDataFromDbg(dbg, build.rom, fileOf) }
  } catch (error) {
    return { debugError: error instanceof Error ? error.message : String(error) }
  }
}

/** Runs `request`'s build with `tools`; the result as the worker answers it (without id and timing). */
export function buildRequest(
  tools: ToolRunner,
  request: Cc65BuildRequest,
): Omit<Cc65ResultResponse, 'type' | 'id' | 'elapsedMs' | 'reused' | 'ran'> {
  const build = runRequest(tools, request)
  if (!('files' in build)) return build
  return {
    ok: build.ok && build.rom !== undefined,
    ...(build.rom && { rom: build.rom }),
    log: build.log,
    diagnostics: build.diagnostics,
    ...(build.failure && { failure: build.failure }),
    ...(request.debug && debugOf(build, request)),
  }
}
