// Where the sandbox worker's code is, for every way the studio runs. A bundle (the browser host's out/web, the
// desktop app's out/main, a server build) carries it as script-worker.mjs (or .js) beside its entry, built from
// ./worker.ts; run from the TypeScript sources (tsx: `npm run chatflow`, vitest), that file is absent and the
// worker loads ./worker.ts through tsx, which is then installed (a development dependency).
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

export const BUILT_WORKER_NAMES = ['script-worker.mjs', 'script-worker.js']

let configured: URL | null = null

/** A host whose bundle puts the worker elsewhere says where (the desktop app's main process does). */
export function setScriptWorkerFile(file: URL): void {
  configured = file
}

function builtWorker(): URL | null {
  if (configured) return configured
  for (const name of BUILT_WORKER_NAMES) {
    const url = new URL(`./${name}`, import.meta.url)
    if (fs.existsSync(fileURLToPath(url))) return url
  }
  return null
}

/** Starts one sandbox worker with `options` (workerData, resource limits). */
export function startWorker(options: WorkerOptions): Worker {
  const built = builtWorker()
  if (built) return new Worker(built, options)
  const source = new URL('./worker.ts', import.meta.url).href
  // Workers do not inherit tsx's loader, so the worker registers it for itself before loading the TypeScript.
  const api = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`
  return new Worker(boot, { ...options, eval: true })
}
