// Starts the built server (apps/server/dist/main.js) as a child process on a free loopback port.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js')

let built = false
/** Bundles the server once per benchmark run (esbuild, well under a second). */
export function ensureServerBuilt(): void {
  if (built) return
  const r = spawnSync(process.execPath, ['apps/server/build.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  })
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stderr.toString()}`)
  built = true
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `nes-bench-${prefix}-`))
}

export interface ServerHandle {
  url: string
  port: number
  child: ChildProcess
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>
  /** SIGKILL (kill -9) and wait for exit. */
  kill9(): Promise<void>
}

export interface ServerOptions {
  dataDir: string
  databaseUrl?: string
  port?: number
  env?: Record<string, string>
  /** Pins the server to these CPUs (`taskset -c`, e.g. "0"), so its CPU share is its own. */
  cpus?: string
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeArgs?: string[]
  /** The node binary that runs the server (default: this process's). */
  node?: string
}

export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  ensureServerBuilt()
  const port = opts.port ?? (await freePort())
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: opts.databaseUrl,
    ...opts.env,
  }
  if (!opts.databaseUrl) delete env.DATABASE_URL
  const node = [opts.node ?? process.execPath, ...(opts.nodeArgs ?? []), SERVER_ENTRY]
  // taskset execs node in its own process, so the child's pid is the server's.
  const [command, ...args] = opts.cpus ? ['taskset', '-c', opts.cpus, ...node] : node
  const child = spawn(command!, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/roms`, { method: 'HEAD' })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('server did not start within 60 s')
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig)
    await exited
  }
  return { url, port, child, stop: () => signal('SIGTERM'), kill9: () => signal('SIGKILL') }
}

/** The version of the node binary `path` (this process's when none is given). */
export function nodeVersion(path?: string): string {
  if (!path) return process.version
  return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()
}
