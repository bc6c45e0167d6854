// Vite plugin: runs a separate entry chunk (src/early-intent.ts) as the page's first script. Vite builds all
// of an HTML file's module scripts as one entry, so a small script placed in index.html would only run
// once the whole app bundle had loaded; this one is its own Rollup input, and its tag is put ahead of the
// app's in the built index.html. Modules it shares with the app (the emulator's file list) land in a
// shared chunk, so both use one instance of them. Build only: the dev server renders in the browser.
import type { Plugin } from 'vite'

export function earlyScriptPlugin(entryName: string): Plugin {
  return {
    name: 'nes-studio:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html') || !context.bundle) return html
        const chunk = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === entryName,
        )
        if (!chunk) throw new Error(`early script: no entry chunk named ${entryName}`)
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
              injectTo: 'head-prepend',
            },
          ],
        }
      },
    },
  }
}
