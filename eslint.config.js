// Flat config: typescript-eslint + the module boundaries of STYLE.md, enforced with import-x zones.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const features = ['player', 'library', 'studio']

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'e2e/artifacts/**',
      'bench/out/**',
      'packages/assembler/test/fixtures/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Lower packages never import the apps or each other's internals.
            { target: './packages/assembler/src', from: './apps' },
            { target: './packages/assembler/src', from: './packages/shared' },
            { target: './packages/cc65-wasm/src', from: './apps' },
            { target: './packages/cc65-wasm/src', from: './packages/assembler' },
            { target: './packages/cc65-wasm/src', from: './packages/shared' },
            { target: './packages/shared/src', from: './apps' },
            { target: './packages/shared/src', from: './packages/assembler' },
            // The apps never import each other.
            { target: './apps/server/src', from: './apps/client' },
            { target: './apps/client/src', from: './apps/server' },
            // Client layering: app -> features -> components|lib|hooks; features never import each other.
            ...features.map((f) => ({
              target: `./apps/client/src/features/${f}`,
              from: './apps/client/src/features',
              except: [`./${f}`],
            })),
            {
              target: [
                './apps/client/src/components',
                './apps/client/src/lib',
                './apps/client/src/hooks',
                './apps/client/src/emulator',
                './apps/client/src/netplay',
              ],
              from: ['./apps/client/src/features', './apps/client/src/app'],
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message:
                'Browser and assembler code must stay free of Node APIs (only the server, the CLI, build tools, tests and benches may use them).',
            },
          ],
        },
      ],
    },
  },
  // no-restricted-imports above is meant for the assembler core only; relax it elsewhere.
  {
    files: [
      'apps/server/**',
      'packages/assembler/src/cli/**',
      'packages/assembler/test/**',
      'packages/assembler/src/**/*.test.ts',
      'packages/cc65-wasm/src/node/**',
      'packages/cc65-wasm/src/**/*.test.ts',
      'packages/cc65-wasm/scripts/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.*',
      '**/*.config.*',
      'apps/server/build.mjs',
      'apps/client/build-tools/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The SQLite driver depends on the Node it runs on: load it only through sqlite-driver.ts.
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/storage/sqlite/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-n9'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              'Take Database from apps/server/src/storage/sqlite/sqlite-driver.ts: it loads the driver built for this Node.',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nes-studio/assembler', '@nes-studio/assembler/*'],
              message: 'Only features/studio/build/ may use the assembler.',
            },
            {
              group: ['@nes-studio/cc65-wasm', '@nes-studio/cc65-wasm/*'],
              message: 'Only features/studio/build/ may use the cc65 toolchain.',
            },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message: 'Browser code must stay free of Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/client/src/features/studio/build/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message: 'Browser code must stay free of Node APIs.',
            },
          ],
        },
      ],
    },
  },
  // The cc65 golden suite runs native cc65 beside the studio's build, and the .mlb test reads a golden project:
  // Node tests among browser code.
  {
    files: [
      'apps/client/src/features/studio/build/cc65/golden.test.ts',
      'apps/client/src/features/studio/build/cc65/dbg-mesen-labels.test.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'apps/server/**',
      'scripts/**',
      'bench/**',
      'e2e/**',
      'packages/assembler/src/cli/**',
      'packages/cc65-wasm/src/node/**',
      'packages/cc65-wasm/scripts/**',
      'apps/client/build-tools/**',
      '**/*.config.*',
      '**/*.mjs',
      '**/*.js',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
)
