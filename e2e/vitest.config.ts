import { defineConfig } from 'vitest/config'
import { e2eWorkers } from './support/workers'

// Browser specs: the real server (built), the real emulator, Debian's Chromium through playwright-core.
// E2E_WORKERS spec files run at once (default 1: one Chromium at a time keeps a 2-core machine from starving
// the emulator), each worker against a server of its own (support/global-setup.ts).
const workers = e2eWorkers()

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    minWorkers: 1,
  },
})
