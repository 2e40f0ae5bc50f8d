// Bundles the browser host (electron/web/index.ts and the back end it carries) into out/web/index.mjs, so it starts
// in a fraction of a second with plain `node` (no TypeScript compiler at run time). Dependencies stay in
// node_modules (better-sqlite3 is native). Used by `npm start`, the end-to-end tests and `npm test`.
import { build } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

export async function buildWebHost(outDir = 'out/web') {
  // The host, then the script sandbox's worker thread beside it (script-worker.mjs, which the host looks for there),
  // each a build of its own so neither imports a chunk of the other.
  const entries = [
    ['electron/web/index.ts', 'index.mjs'],
    ['electron/services/sandbox/worker.ts', 'script-worker.mjs'],
  ]
  for (const [i, [ssr, entryFileNames]] of entries.entries()) {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      build: {
        ssr,
        outDir,
        emptyOutDir: i === 0,
        target: 'node20',
        sourcemap: true,
        minify: false,
        rollupOptions: { output: { format: 'es', entryFileNames } },
      },
    })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --out-dir DIR builds elsewhere (test runs use a private folder so parallel runs never share a build).
  const at = process.argv.indexOf('--out-dir')
  const outDir = at > 0 ? process.argv[at + 1] : 'out/web'
  await buildWebHost(outDir)
  console.log(`Built ${outDir}/index.mjs`)
}
