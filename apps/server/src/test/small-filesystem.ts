// Test helper: a server whose DATA_DIR is a real, small file system, to test a full disk. A tmpfs of
// `sizeBytes` is mounted in a mount namespace of the server's own (`unshare`), so nothing outside
// sees it and it goes away with the process: as root (CI) directly, otherwise inside a user
// namespace where the test user is root (unprivileged user namespaces, as most Linux distributions
// allow). Where neither works, `smallFilesystemUnsupported` says why and the test is skipped.
import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))
const isRoot = process.getuid?.() === 0
const UNSHARE = isRoot ? ['--mount'] : ['--user', '--map-root-user', '--mount']
const MOUNT = 'mount -t tmpfs -o "size=$SMALL_FS_BYTES" nes-small-disk "$DATA_DIR"'

function probe(): string | undefined {
  if (process.platform !== 'linux')
    return `tmpfs and mount namespaces are Linux only (${process.platform})`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nes-small-probe-'))
  try {
    const r = spawnSync('unshare', [...UNSHARE, 'sh', '-c', `${MOUNT} && test -w "$DATA_DIR"`], {
      env: { ...process.env, DATA_DIR: dir, SMALL_FS_BYTES: '1m' },
      encoding: 'utf8',
    })
    if (r.error) return `unshare cannot run: ${r.error.message}`
    if (r.status !== 0) return `cannot mount a tmpfs in a new mount namespace: ${r.stderr.trim()}`
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Why this machine cannot run the test, or undefined when it can. */
export const smallFilesystemUnsupported = probe()

export interface SmallDiskServer {
  origin: string
  /** Free bytes on the small file system as the server sees it, and the size of library.db-reserve. */
  space(): Promise<{ freeBytes: number; reserveBytes: number }>
  /**
   * Fills the file system with a file the server does not know (as another program would), leaving
   * `leaveBytes` free.
   */
  fill(leaveBytes?: number): Promise<number>
  /** What the server printed so far (its log), for a failing test's message. */
  output(): string
  stop(): Promise<void>
}

/** Starts test/small-disk-server.ts with DATA_DIR on a tmpfs of `sizeBytes`. */
export async function startSmallDiskServer(
  sizeBytes: number,
  undoMs: number,
): Promise<SmallDiskServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nes-small-disk-'))
  const child: ChildProcess = spawn(
    'unshare',
    [
      ...UNSHARE,
      'sh',
      '-c',
      `${MOUNT} && exec "${process.execPath}" --import tsx src/test/small-disk-server.ts`,
    ],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SMALL_FS_BYTES: String(sizeBytes),
        UNDO_MS: String(undoMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\d+)/.exec(output)
      if (match?.[1]) resolve(Number(match[1]))
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', () => reject(new Error(`small-disk server exited:\n${output}`)))
  })
  const origin = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    origin,
    space: async () =>
      (await (await fetch(`${origin}/test/free`)).json()) as {
        freeBytes: number
        reserveBytes: number
      },
    fill: async (leaveBytes = 0) =>
      (
        (await (
          await fetch(`${origin}/test/fill?leave=${leaveBytes}`, { method: 'POST' })
        ).json()) as {
          written: number
        }
      ).written,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
