import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

// The desktop build: out/main (Node, dependencies stay in node_modules; the script sandbox's worker beside it), out/preload (one self-contained CommonJS
// file, as a sandboxed preload must be) and out/renderer (the same renderer the browser host serves).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The script sandbox's worker thread is an entry of its own: out/main/script-worker.js, beside index.js, where
      // electron/services/sandbox/worker-entry.ts looks for it.
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          'script-worker': resolve(import.meta.dirname, 'electron/services/sandbox/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
})
