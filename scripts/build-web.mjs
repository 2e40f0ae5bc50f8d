// Bundles the browser host (electron/web/index.ts and the back end it carries) into out/web/index.mjs, so it starts
// in a fraction of a second with plain `node` (no TypeScript compiler at run time). Dependencies stay in
// node_modules (better-sqlite3 is native). Used by `npm start`, the end-to-end tests and `npm test`.
import { build } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

export async function buildWebHost(outDir = 'out/web') {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: 'electron/web/index.ts',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'index.mjs' } },
    },
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --out-dir DIR builds elsewhere (test runs use a private folder so parallel runs never share a build).
  const at = process.argv.indexOf('--out-dir')
  const outDir = at > 0 ? process.argv[at + 1] : 'out/web'
  await buildWebHost(outDir)
  console.log(`Built ${outDir}/index.mjs`)
}
