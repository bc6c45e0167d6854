import { defineConfig } from 'vitest/config'

// Unit tests only; browser (Playwright) specs live in e2e/ and have their own config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'assembler',
          root: 'packages/assembler',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cc65-wasm',
          root: 'packages/cc65-wasm',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'client',
          root: 'apps/client',
          include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
