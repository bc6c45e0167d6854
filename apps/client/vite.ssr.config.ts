// Vite, server side: builds src/entry-server.tsx into dist-ssr/entry-server.mjs, one self-contained ES
// module (React and every other dependency bundled in) that the server imports to pre-render / and
// /play/:romId. Styles are the browser build's; the emulator core is never loaded on the server, so its
// virtual module is empty here.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'

function emptyCoreModule(): Plugin {
  const id = 'virtual:fceumm-core'
  return {
    name: 'nes-studio:ssr-empty-core',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? 'export const coreBundleUrls = {}' : undefined),
  }
}

export default defineConfig({
  plugins: [react(), emptyCoreModule()],
  ssr: { noExternal: true, target: 'node' },
  // React's packages pick their production build by NODE_ENV at run time; the server's may be unset.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    // .mjs: an ES module wherever the build is copied. As .js it needed apps/client/package.json's
    // "type": "module" beside it; a copy without it loaded as CommonJS, failed, and the server sent the
    // page unrendered (a warning in its log was the only sign).
    rollupOptions: { output: { entryFileNames: 'entry-server.mjs', format: 'es' } },
  },
})
