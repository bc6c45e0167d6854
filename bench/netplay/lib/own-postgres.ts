// A throw-away PostgreSQL cluster for one benchmark run, pinned to one CPU, so a figure taken through
// PostgreSQL is not a share of the shared development cluster (which other developers' tests use and
// which must not be restarted or reconfigured) and PostgreSQL's own CPU can be counted. Started as
// .ci/postgres.sh starts CI's: initdb in a temporary directory as the postgres user, a free port on
// loopback, default settings (fsync on), stopped and deleted at the end.
import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../../library/lib/server-process'

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  /** The postmaster's pid (its backends are its children). */
  pid(): number
  /** Transactions committed in the cluster so far (each relay NOTIFY statement is one). */
  commits(): Promise<number>
  stop(): void
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
  const last = versions.at(-1)
  if (!last) throw new Error('No PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)')
  return `/usr/lib/postgresql/${last}/bin`
}

/** Runs `command` as the postgres user (we are root here, as in CI); `cpu` pins it and its children. */
function asPostgres(command: string, cpu?: string): void {
  const su = ['su', 'postgres', '-s', '/bin/sh', '-c', command]
  const [file, ...args] = cpu === undefined ? su : ['taskset', '-c', cpu, ...su]
  execFileSync(file!, args, { stdio: ['ignore', 'ignore', 'inherit'] })
}

/** Starts a cluster whose every process runs on `cpu` (taskset's affinity is inherited by forks). */
export async function startOwnPostgres(cpu: string): Promise<OwnPostgres> {
  const bin = binDir()
  const dir = mkdtempSync(path.join(tmpdir(), 'nes-bench-pg-'))
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0)
  const data = path.join(dir, 'data')
  const port = await freePort()
  asPostgres(`${bin}/initdb -D ${data} -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null`)
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`
  asPostgres(`${bin}/pg_ctl -D ${data} -o '${options}' -l ${dir}/log -w start >/dev/null`, cpu)
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    commits: () => commits(url),
    pid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        asPostgres(`${bin}/pg_ctl -D ${data} -m fast -w stop >/dev/null`)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Commits counted by the cluster's statistics: a backend reports its counts when idle, at most once a
 * second, so a count over a window of seconds is right to about a second's worth.
 */
async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('SELECT pg_stat_clear_snapshot()')
    const { rows } = await client.query<{ n: string }>(
      'SELECT sum(xact_commit)::text AS n FROM pg_stat_database',
    )
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}
