// Counts a process's system calls by name over a window, with `perf stat` on the kernel's syscall
// tracepoints (counting in the kernel: unlike strace, the process is not stopped at each call, so what
// is counted is what it does unobserved). Needs perf (linux-perf) and root or perf_event_paranoid <= 1.
import { spawn } from 'node:child_process'

/** The calls a window counted by name (read, writev, epoll_pwait, …; `all` is every call), largest first. */
export interface SyscallCounts {
  counts: [string, number][]
  /** The window's length, seconds (from perf attached, about, to its stop). */
  seconds: number
}

export interface SyscallCounter {
  /** Ends the window. */
  stop(): Promise<SyscallCounts>
}

/** The calls of a relay's messages, and the one that counts them all (perf attaches each: keep it short). */
const EVENTS = ['read', 'readv', 'write', 'writev', 'epoll_pwait', 'epoll_wait', 'futex']
  .map((name) => `syscalls:sys_enter_${name}`)
  .concat('raw_syscalls:sys_enter')

/** Starts counting `pid`'s system calls (all its threads); resolves once perf has attached (about). */
export async function countSyscalls(pid: number): Promise<SyscallCounter> {
  const perf = spawn('perf', ['stat', '-x', ',', '-e', EVENTS.join(','), '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let text = ''
  perf.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const exited = new Promise<void>((resolve, reject) => {
    perf.once('error', reject)
    perf.once('exit', () => resolve())
  })
  // perf prints nothing once attached; a few events attach well within this.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const start = performance.now()
  return {
    async stop() {
      const seconds = (performance.now() - start) / 1000
      perf.kill('SIGINT')
      await exited
      const counts: [string, number][] = []
      for (const line of text.split('\n')) {
        // CSV: count,unit,event,…
        const [count, , event] = line.split(',')
        const name =
          event === 'raw_syscalls:sys_enter'
            ? 'all'
            : /^syscalls:sys_enter_(\w+)$/.exec(event ?? '')?.[1]
        if (name && Number(count) > 0) counts.push([name, Number(count)])
      }
      return { counts: counts.sort((a, b) => b[1] - a[1]), seconds }
    },
  }
}

/** "N per room frame (read a, writev b, …)", at `roomFramesPerSecond` (measured over the same time). */
export function syscallLine(calls: SyscallCounts, roomFramesPerSecond: number): string {
  const per = (n: number) => (n / Math.max(1, roomFramesPerSecond * calls.seconds)).toFixed(2)
  const all = calls.counts.find(([name]) => name === 'all')?.[1] ?? 0
  const some = calls.counts
    .filter(([name]) => name !== 'all')
    .map(([name, n]) => `${name} ${per(n)}`)
    .join(', ')
  return `system calls per room frame ${per(all)} (${some})`
}
