// CPU time of processes read from outside, from /proc: user and system seconds, so a benchmark can say
// where a server's time went (system time is the sockets' reads and writes) and count PostgreSQL's
// backends, which are processes of their own.
import { readFileSync, readdirSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100

export interface CpuTimes {
  user: number
  system: number
}

/** The fields of /proc/<pid>/stat after the command (which may hold spaces and parentheses). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** User and system CPU seconds a process (all its threads) has used so far; zero once it has gone. */
export function cpuTimes(pid: number): CpuTimes {
  try {
    const fields = statFields(pid)
    // utime and stime are fields 14 and 15 of stat; the first after the command is field 3.
    return { user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS }
  } catch {
    return { user: 0, system: 0 }
  }
}

/** A process and its children (a postmaster and its backends). */
export function withChildren(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(statFields(Number(entry))[1]) === pid) children.push(Number(entry))
    } catch {
      // The process ended while we listed: it is not counted.
    }
  }
  return [pid, ...children]
}

/** CPU seconds per pid of `pids` now. */
export function snapshot(pids: readonly number[]): Map<number, CpuTimes> {
  return new Map(pids.map((pid) => [pid, cpuTimes(pid)]))
}

/** The CPU `pids` used between two snapshots (a pid new in `after` counts from zero). */
export function used(before: Map<number, CpuTimes>, after: Map<number, CpuTimes>): CpuTimes {
  let user = 0
  let system = 0
  for (const [pid, t] of after) {
    const b = before.get(pid) ?? { user: 0, system: 0 }
    user += t.user - b.user
    system += t.system - b.system
  }
  return { user, system }
}
