// Starts the built server (apps/server/dist/main.js) on a free port with a temporary DATA_DIR for the
// whole e2e run and provides its base URL to the specs (inject('baseUrl')). E2E_BASE_URL skips this and
// points the specs at a server that is already running.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { e2eWorkers } from './workers'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (see e2e/vitest.config.ts): a spec file uses its worker's (server-url.ts). */
    baseUrls: string[]
  }
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js')

/** Asks the OS for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early with code ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Server did not answer at ${url} within ${timeoutMs} ms`)
}

export interface StartedServer {
  baseUrl: string
  /** Ends the server for good and removes its data. */
  stop(): Promise<void>
  /** Ends the server process (the site is out of reach) and keeps its data. */
  pause(): Promise<void>
  /** Starts it again on the same port and data. */
  resume(): Promise<void>
}

function spawnServer(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** Starts apps/server/dist/main.js with its own temporary DATA_DIR (also used by bench/). */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run "npm run build" first.`)
  }
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nes-studio-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  const launch = async () => {
    const started = spawnServer(port, dataDir, env)
    try {
      await waitForServer(`${baseUrl}/`, started, 20_000)
    } catch (error) {
      started.kill()
      throw error
    }
    return started
  }
  let child = await launch()
  return {
    baseUrl,
    async stop() {
      await endProcess(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
    pause: () => endProcess(child),
    async resume() {
      child = await launch()
    },
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL
  if (external) {
    project.provide('baseUrls', [external.replace(/\/$/, '')])
    return async () => undefined
  }
  // Each worker gets a server and DATA_DIR of its own, so spec files running side by side never see each
  // other's library; files in one worker share it in turn, as they did when one worker ran them all.
  const servers = await Promise.all(Array.from({ length: e2eWorkers() }, () => startServer()))
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  )
  return async () => {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
