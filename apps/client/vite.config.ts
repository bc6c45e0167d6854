// Vite: the SPA (index.html) plus the emulator's iframe document (emulator-frame.html) as a second page.
// In dev, /api and the emulator files are proxied to the server (scripts/dev.mjs runs it on 5001).
// The build also emits a web app manifest and a Workbox service worker (vite-plugin-pwa): the app shell
// is precached with content hashes (a new deploy replaces it whole), the emulator's files are cached the
// first time a game starts (they are versioned by path and hash), and /api always goes to the network.
// Hashed assets and the EmulatorJS files get brotli and gzip siblings (build-tools/precompress.ts) that the
// server sends as they are.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fceummCorePlugin } from './build-tools/fceumm-core'
import { earlyScriptPlugin } from './build-tools/early-script'
import { precompressPlugin } from './build-tools/precompress'

const apiTarget = process.env.VITE_API_TARGET || 'http://localhost:5001'

export default defineConfig({
  plugins: [
    react(),
    fceummCorePlugin(),
    precompressPlugin(),
    earlyScriptPlugin('early-intent'),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: 'NES Studio',
        short_name: 'NES Studio',
        description: 'Play NES games, keep a ROM library and write 6502 assembly, in the browser.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#17141f',
        theme_color: '#16131f',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The app (pages, the player's and the studio's scripts and styles, the assembler and debug
        // workers, font, icon) is precached, so after a deploy the new studio works offline without having
        // been opened online first. The precache starts 3 s after load on a first visit (src/app/offline.ts),
        // after the bytes "before an intent to play" are counted (bench/player, ≤ 400 KB; the studio adds
        // ~180 KB brotli to the precache). The 1.4 MB core is cached when a game first starts (runtime rules).
        globPatterns: ['**/*.{html,js,css,svg,woff2}'],
        // The cc65 toolchain's code (and its ~1 MB of WebAssembly and runtime files, never matched here) is
        // fetched only when a cc65 project opens, then kept by the /assets/ runtime rule below.
        globIgnores: ['**/fceumm-*', '**/cc65*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/vendor\//, /^\/assets\//, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/vendor/emulatorjs/'),
            handler: 'CacheFirst',
            options: { cacheName: 'emulatorjs-files', expiration: { maxEntries: 80 } },
          },
          {
            urlPattern: ({ url }) => /^\/assets\/fceumm-.*\.bin$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'emulator-core', expiration: { maxEntries: 4 } },
          },
          {
            // Hashed names: a file never changes, a new build brings new names.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'app-chunks', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
  ],
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
        // The page's first script (build-tools/early-script.ts puts its tag into index.html).
        'early-intent': fileURLToPath(new URL('./src/early-intent.ts', import.meta.url)),
      },
    },
  },
})
