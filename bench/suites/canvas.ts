// The canvas at scale: the studio's editor beside bare React Flow, both opened the same way (a page of the browser
// host that loads the flow with flows.get over the studio's WebSocket; bench/canvas/floor), at 500, 1000, 2000 and
// 5000 nodes. Prints open time, frame p50 / p95 / worst while panning and while dragging a card, long tasks, and
// the studio / floor ratios, as medians over rounds that alternate the two sides (docs/canvas.md, "Scale").
//
//   CANVAS_SIZES=1000,2000   sizes to measure          CANVAS_ROUNDS=3   rounds per size
//   CANVAS_VSYNC=1           keep Chromium's 60 Hz frame cap (frame times then snap to 16.7 ms)
//   CANVAS_PROFILE=dir       write a CPU profile of each studio gesture there, with its heaviest functions
//   CANVAS_DIFF=2000         the diff case's size (0: skip it): first the comparison alone (compareFlows, as
//                            `npm run bench -- diff`), then the same flow opened plain and compared with an edited
//                            revision, its marks drawn (#/flows/<id>?compare=<revision>)
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { createBackend } from '../../electron/studio/backend'
import { HostProcess } from '../../test/e2e/host'
import { benchFlow } from '../canvas/flow'
import { editedFlow } from '../canvas/edited'
import { timeCompare } from '../canvas/compare-time'
import { diffReport } from '../canvas/diff-report'
import { measure, type Measured } from '../canvas/measure'
import { profiler } from '../canvas/profile'
import { report } from '../canvas/report'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SIZES = (process.env.CANVAS_SIZES ?? '500,1000,2000,5000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const DIFF_SIZE = Number(process.env.CANVAS_DIFF ?? 2000)
const ROUNDS = Number(process.env.CANVAS_ROUNDS ?? 3)
const PROFILE_DIR = process.env.CANVAS_PROFILE
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
// Headless Chromium paces animation frames at 60 Hz like a display would; without the cap a frame starts as soon as
// the last one is done, so a frame's interval is the work it took and differences under 16.7 ms show.
const UNCAPPED = process.env.CANVAS_VSYNC ? [] : ['--disable-gpu-vsync', '--disable-frame-rate-limit']
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...UNCAPPED,
]
/** Studio settings for the run: coverage of the last test session kept on the canvas (renderer/emulator/overlay-store.ts). */
const STUDIO_INIT = `localStorage.setItem('chatflow.keepCoverage', '1')`
/** The diff case's open ends at the first frame of the canvas in compare mode (FlowCanvas: \`.comparing\`). */
const COMPARE_INIT = `${STUDIO_INIT}; window.__openSelector = '.react-flow.comparing .react-flow__node'`

export async function buildPages(buildDir: string): Promise<void> {
  const minify = !PROFILE_DIR // a profile reads better with the real function names
  const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' })
  node([
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
    '--outDir',
    path.join(buildDir, 'renderer'),
    ...(minify ? [] : ['--minify', 'false']),
  ])
  node(['scripts/build-web.mjs', '--out-dir', path.join(buildDir, 'web')])
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench/canvas/floor'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: path.join(buildDir, 'renderer/floor'),
      emptyOutDir: true,
      sourcemap: true,
      minify,
      chunkSizeWarningLimit: 4000,
    },
  })
}

/** The bench flows, written through the real back end, each with one emulator run so coverage has a path to draw. */
export async function seed(dataDir: string, sizes: readonly number[] = SIZES): Promise<Map<number, string>> {
  const backend = createBackend({ dataDir, log: () => {} })
  const ids = new Map<number, string>()
  try {
    for (const n of sizes) {
      const created = await backend.call('flows.create', { name: `Bench ${n}` })
      if (!created.ok) throw new Error(created.error.message)
      const saved = await backend.call('flows.save', { document: benchFlow(created.value.id, n) })
      if (!saved.ok) throw new Error(saved.error.message)
      const contact = await backend.call('emulator.contact', {})
      if (!contact.ok) throw new Error(contact.error.message)
      const run = await backend.call('emulator.start', {
        flowId: created.value.id,
        contactId: contact.value.id,
        trigger: { kind: 'keyword', text: 'bench' },
      })
      if (!run.ok) throw new Error(run.error.message)
      ids.set(n, created.value.id)
    }
  } finally {
    await backend.close()
  }
  return ids
}

/** The diff case's flow: the bench flow saved, then an edited copy saved over it; the first save's revision. */
async function seedDiff(dataDir: string, n: number): Promise<{ id: string; revision: number }> {
  const backend = createBackend({ dataDir, log: () => {} })
  try {
    const created = await backend.call('flows.create', { name: `Diff ${n}` })
    if (!created.ok) throw new Error(created.error.message)
    const first = benchFlow(created.value.id, n)
    const saved = await backend.call('flows.save', { document: first })
    if (!saved.ok) throw new Error(saved.error.message)
    const edited = await backend.call('flows.save', { document: editedFlow(first) })
    if (!edited.ok) throw new Error(edited.error.message)
    return { id: created.value.id, revision: saved.value.revision }
  } finally {
    await backend.close()
  }
}

export async function run(): Promise<void> {
  // The comparison itself, before anything is built or started (its budget: 100 ms at 2,000 nodes).
  if (DIFF_SIZE > 0) console.log(timeCompare(DIFF_SIZE, 15))
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-canvas-'))
  // Inside the repository, so the bundled host resolves its external packages from node_modules.
  const buildDir = path.join(ROOT, '.tmp', `bench-canvas-${process.pid}`)
  const dataDir = path.join(work, 'data')
  fs.mkdirSync(dataDir)
  await buildPages(buildDir)
  process.env.CHATFLOW_E2E_BUILD = buildDir
  const ids = await seed(dataDir)
  const diff = DIFF_SIZE > 0 ? await seedDiff(dataDir, DIFF_SIZE) : null

  const host = new HostProcess(dataDir)
  await host.start()
  const browser = await chromium.launch({ ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: ARGS })
  try {
    // A first page in a new browser pays for starting its renderer, compiling the bundles and warming caches; both
    // sides are opened once before anything is timed, so the first size measured does not carry that.
    const warm = ids.get(SIZES[0]!) ?? diff!.id
    const first = await measure(browser, host, `/#/flows/${warm}`, STUDIO_INIT)
    await measure(browser, host, `/floor/index.html#${warm}&${first.canvas.width}x${first.canvas.height}`, '')
    console.log(
      `frames ${UNCAPPED.length ? 'uncapped (--disable-gpu-vsync --disable-frame-rate-limit)' : 'capped at 60 Hz'}; ${ROUNDS} round(s) per size; load average ${os.loadavg()[0]!.toFixed(1)}`,
    )
    for (const n of SIZES) {
      const studioRoute = `/#/flows/${ids.get(n)}`
      const studio: Measured[] = []
      const floor: Measured[] = []
      for (let r = 0; r < ROUNDS; r++) {
        const prof = (side: string) =>
          PROFILE_DIR && r === 0 ? profiler(PROFILE_DIR, `${side}-${n}`, path.join(buildDir, 'renderer')) : undefined
        const s = async () => void studio.push(await measure(browser, host, studioRoute, STUDIO_INIT, prof('studio')))
        // The floor is drawn at the size of the studio's canvas (measured in the first round).
        const f = async () => {
          const { width, height } = studio[0]!.canvas
          floor.push(
            await measure(browser, host, `/floor/index.html#${ids.get(n)}&${width}x${height}`, '', prof('floor')),
          )
        }
        // Alternate which side goes first, so a load that drifts during a round favours neither.
        for (const side of r % 2 === 0 || !studio.length ? [s, f] : [f, s]) await side()
      }
      console.log(report(n, studio, floor))
    }
    if (diff) {
      // The same flow opened plain and in compare mode, alternated per round as above.
      const plain: Measured[] = []
      const compared: Measured[] = []
      // The comparison's canvas is read-only: neither side drags, so both pages do the same after opening.
      const open = (route: string, init: string) => measure(browser, host, route, init, undefined, false)
      const p = async () => void plain.push(await open(`/#/flows/${diff.id}`, STUDIO_INIT))
      const c = async () => void compared.push(await open(`/#/flows/${diff.id}?compare=${diff.revision}`, COMPARE_INIT))
      // Both opened once untimed first, as the sizes' sides are: the first comparison also pays for the back end's
      // first read of revisions and compile of the diff, which a round would carry alone.
      await p()
      await c()
      plain.length = compared.length = 0
      for (let r = 0; r < ROUNDS; r++) for (const side of r % 2 === 0 ? [p, c] : [c, p]) await side()
      console.log(diffReport(DIFF_SIZE, plain, compared))
    }
    console.log(`load average at the end ${os.loadavg()[0]!.toFixed(1)}`)
  } finally {
    await browser.close()
    await host.stop()
    fs.rmSync(work, { recursive: true, force: true })
    fs.rmSync(buildDir, { recursive: true, force: true })
  }
}
