// The real entry point in a child process: first start with no set-up, then a clean SIGTERM shutdown.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { damageRomsTable, sha256File, writeLibrary } from './test/damaged-db'

const serverRoot = fileURLToPath(new URL('..', import.meta.url))
let tmp: string | undefined
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

it('creates DATA_DIR/library.db on first start, serves, and exits 0 on SIGTERM', async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nes-main-'))
  const dataDir = path.join(tmp, 'not', 'yet', 'there')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  }
  delete env.DATABASE_URL // this test is about the SQLite default
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)))
  })
  try {
    const res = await fetch(`${url}/api/roms`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ roms: [] })
    expect(existsSync(path.join(dataDir, 'library.db'))).toBe(true)
  } finally {
    child.kill('SIGTERM')
  }
  expect(await exited).toBe(0)
  expect(output).toContain('SIGTERM received, closing')
})

/** Starts the server expecting it to refuse: resolves with its exit code and everything it printed. */
function startExpectingExit(
  env: NodeJS.ProcessEnv,
  user: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  }
  delete fullEnv.DATABASE_URL // these tests are about the SQLite file
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(
        new Error(
          `could not start the server (${user.uid === undefined ? 'as this user' : `as uid ${user.uid}`}): ${error.message}`,
        ),
      )
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

it('refuses to start on a damaged library with one message naming the file, and leaves it as it was', async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nes-main-'))
  const file = path.join(tmp, 'library.db')
  await writeLibrary(file, 60)
  damageRomsTable(file)
  const before = sha256File(file)
  const { code, output } = await startExpectingExit({ DATA_DIR: tmp })
  expect(code).toBe(1)
  expect(output).toContain(`nes-studio cannot start: The library database ${file} is damaged`)
  expect(output).not.toMatch(/^\s+at /m) // no stack trace
  expect(sha256File(file)).toBe(before)
})

it('names the file when DATA_DIR holds random bytes as library.db', async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nes-main-'))
  writeFileSync(path.join(tmp, 'library.db'), randomBytes(8192))
  const { code, output } = await startExpectingExit({ DATA_DIR: tmp })
  expect(code).toBe(1)
  expect(output).toContain(`${path.join(tmp, 'library.db')} is not an SQLite database`)
  expect(output).not.toMatch(/^\s+at /m)
})

/**
 * Root writes to any file whatever its mode says, so as root the server runs as `nobody` (owning
 * `dir`), as a server does; as anyone else it runs as the test does.
 */
function ordinaryUser(dir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  const nobody = 65534
  chownSync(dir, nobody, nobody)
  chownSync(path.join(dir, 'library.db'), nobody, nobody)
  return { uid: nobody, gid: nobody }
}

it('refuses to start on a read-only library.db in a writable DATA_DIR, naming the file and its permissions', async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nes-main-'))
  const file = path.join(tmp, 'library.db')
  await writeLibrary(file, 3)
  chmodSync(file, 0o444)
  const before = sha256File(file)
  const { code, output } = await startExpectingExit({ DATA_DIR: tmp }, ordinaryUser(tmp))
  expect(code).toBe(1)
  expect(output).toContain(`nes-studio cannot start: The library database ${file} is read-only`)
  expect(output).toContain('r--r--r--')
  expect(output).toContain(`chmod u+w ${file}`)
  expect(output).not.toMatch(/^\s+at /m)
  expect(sha256File(file)).toBe(before)
})
