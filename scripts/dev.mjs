// Development: the API server under `tsx watch` on API_PORT (5001) and Vite's dev server on PORT (5000).
// Vite proxies /api and /vendor to the API server; apps/client/vite.config.ts reads the target from
// VITE_API_TARGET, which this script sets. Ctrl-C stops both.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const apiPort = process.env.API_PORT ?? '5001'
const webPort = process.env.PORT ?? '5000'
const apiTarget = process.env.VITE_API_TARGET ?? `http://127.0.0.1:${apiPort}`

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: process.env.API_HOST ?? '127.0.0.1',
      // Vite's proxy may rewrite Host (changeOrigin), so the page's own origin must be trusted for writes.
      TRUSTED_ORIGINS: [
        process.env.TRUSTED_ORIGINS,
        `http://localhost:${webPort}`,
        `http://127.0.0.1:${webPort}`,
      ]
        .filter(Boolean)
        .join(','),
    },
  }),
  spawn(bin('vite'), ['--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/client'),
    stdio: 'inherit',
    env: { ...process.env, VITE_API_TARGET: apiTarget },
  }),
]

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`[dev] ${child.spawnfile} exited (${code}); stopping the other`)
    stop(code ?? 1)
  })
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
console.log(`[dev] web http://localhost:${webPort}  api ${apiTarget}`)
