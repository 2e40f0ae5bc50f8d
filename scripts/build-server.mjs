// `npm run build:server`: the `chatflow` command (serve and the rest) as one ES module, dist/chatflow.mjs, that runs
// with plain `node` and no source tree, no tsx and no node_modules. The script sandbox's worker thread is a second
// module beside it (script-worker.mjs). Two files cannot be bundled and travel beside them: better-sqlite3's native
// binding (better_sqlite3.node, built for this Node's ABI, platform and CPU) and QuickJS's WebAssembly module
// (emscripten-module.wasm, found next to the bundle through import.meta.url).
// docs/deploy.md describes the result; scripts/test-all.mjs and the vitest global set-up build it for the tests.
import { build } from 'esbuild'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isStale, SERVER_SOURCES } from './lib.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(path.join(ROOT, 'package.json'))

/** The files the server needs besides the bundle, and where they come from in node_modules. */
function sideFiles() {
  const sqlite = path.dirname(require.resolve('better-sqlite3/package.json'))
  const quickjs = require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')
  return [
    { from: path.join(sqlite, 'build/Release/better_sqlite3.node'), to: 'better_sqlite3.node' },
    { from: quickjs, to: 'emscripten-module.wasm' },
  ]
}

// better-sqlite3 finds its binding through the `bindings` package, which searches the package's build folders. In
// the bundle there is no package folder: the binding is the file beside the bundle.
const bindingBesideBundle = {
  name: 'binding-beside-bundle',
  setup(b) {
    b.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'chatflow-bindings' }))
    b.onLoad({ filter: /.*/, namespace: 'chatflow-bindings' }, () => ({
      contents:
        "module.exports = (name) => require(require('node:path').join(__dirname, name.endsWith('.node') ? name : name + '.node'))",
      loader: 'js',
    }))
  },
}

// CommonJS dependencies call require, __filename and __dirname: in an ES module they are made from import.meta.url,
// so they name the bundle's own folder (where the side files are).
const BANNER = [
  "import { createRequire as __chatflowRequire } from 'node:module';",
  "import { fileURLToPath as __chatflowPath } from 'node:url';",
  "import { dirname as __chatflowDir } from 'node:path';",
  'const require = __chatflowRequire(import.meta.url);',
  'const __filename = __chatflowPath(import.meta.url);',
  'const __dirname = __chatflowDir(__filename);',
].join('\n')

/** Name, version, licence and licence text of every package with code in the bundle (it is redistributed). */
function licenses(metafile) {
  const dirs = new Set()
  for (const input of Object.keys(metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)
    if (m) dirs.add(m[1])
  }
  dirs.add(path.relative(ROOT, path.dirname(require.resolve('better-sqlite3/package.json'))))
  const parts = [...dirs].sort().map((dir) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'))
    const file = fs.readdirSync(path.join(ROOT, dir)).find((f) => /^(licen[cs]e|copying)/i.test(f))
    const text = file ? fs.readFileSync(path.join(ROOT, dir, file), 'utf8').trim() : '(no licence file in the package)'
    return `${pkg.name} ${pkg.version} (${pkg.license ?? 'see text'})\n\n${text}\n`
  })
  return `Packages bundled into chatflow.mjs, and better-sqlite3 (better_sqlite3.node):\n\n${parts.join('\n' + '-'.repeat(78) + '\n\n')}`
}

/** Builds into `outDir` (default dist/) through a temporary folder, so a reader never sees a half-written build. */
export async function buildServer(outDir = path.join(ROOT, 'dist')) {
  const target = path.resolve(ROOT, outDir)
  const temp = `${target}.tmp-${process.pid}`
  fs.rmSync(temp, { recursive: true, force: true })
  fs.mkdirSync(temp, { recursive: true })
  try {
    await build({
      absWorkingDir: ROOT,
      // The script sandbox's worker thread is a second entry: it runs as its own module (electron/services/sandbox).
      entryPoints: { chatflow: 'electron/cli/index.ts', 'script-worker': 'electron/services/sandbox/worker.ts' },
      outdir: temp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: BANNER },
      // Optional native add-ons of pg and ws: each is loaded in a try or only when asked for, and we use neither.
      external: ['pg-native', 'bufferutil', 'utf-8-validate'],
      plugins: [bindingBesideBundle],
      legalComments: 'none',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    }).then((result) => fs.writeFileSync(path.join(temp, 'THIRD-PARTY-LICENSES.txt'), licenses(result.metafile)))
    for (const f of sideFiles()) fs.copyFileSync(f.from, path.join(temp, f.to))
    fs.rmSync(target, { recursive: true, force: true })
    fs.renameSync(temp, target)
  } catch (err) {
    fs.rmSync(temp, { recursive: true, force: true })
    throw err
  }
  return path.join(target, 'chatflow.mjs')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out-dir')
  const outDir = at > 0 ? process.argv[at + 1] : 'dist'
  // --if-stale: the tests' cheap check; a build newer than every source is kept as it is.
  if (process.argv.includes('--if-stale') && !isStale(outDir, SERVER_SOURCES)) process.exit(0)
  const file = await buildServer(outDir)
  const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1)
  console.log(
    `Built ${path.relative(process.cwd(), file)} (${mb} MB) with script-worker.mjs, better_sqlite3.node and emscripten-module.wasm beside it`,
  )
}
