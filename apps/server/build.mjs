// Bundles src/main.ts into dist/main.js for Node 20. npm dependencies stay external (native
// better-sqlite3, and static files resolved from their packages); workspace packages such as
// @nes-studio/shared export TypeScript, so they are bundled in.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@nes-studio/'),
)

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'node:*'],
  banner: { js: '// nes-studio server (bundled by apps/server/build.mjs)' },
  logLevel: 'info',
})
