import { defineConfig } from 'vitest/config'

// Browser specs: the real server (built), the real emulator, Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One Chromium at a time keeps the 2-core machine from starving the emulator.
    fileParallelism: false,
  },
})
