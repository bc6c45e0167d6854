// Vite: the SPA (index.html) plus the emulator's iframe document (emulator-frame.html) as a second page.
// In dev, /api and the emulator files are proxied to the server (scripts/dev.mjs runs it on 5001).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fceummCorePlugin } from './build-tools/fceumm-core'

const apiTarget = process.env.VITE_API_TARGET || 'http://localhost:5001'

export default defineConfig({
  plugins: [react(), fceummCorePlugin()],
  server: {
    port: 5000,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/vendor': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'emulator-frame': fileURLToPath(new URL('./emulator-frame.html', import.meta.url)),
      },
    },
  },
})
