// The canvas at scale, in Chromium against the browser host: time to open flows of 100, 500 and 1000 nodes, and
// frame times (p50, p95) while panning and while dragging a node, beside bare React Flow default nodes with the same
// graph as the floor. Flows are written through the real back end into a temporary data folder first.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type Page } from '@playwright/test'
import { createBackend } from '../../electron/studio/backend'
import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../../shared/flow/document'
import type { NodeType } from '../../shared/flow/node-types'
import { NAME_PREFIX } from '../../shared/flow/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'
import { HostProcess } from '../../test/e2e/host'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** CANVAS_SIZES=500 (comma-separated) measures only those sizes. */
const SIZES = (process.env.CANVAS_SIZES ?? '100,500,1000').split(',').map(Number)
const COLUMNS = 20
const MIX: NodeType[] = ['message', 'question', 'http_call', 'condition', 'interactive_message', 'router', 'script', 'media_message']
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

/** A chain of n nodes in rows of COLUMNS, each node's first output to the next: realistic cards, real configs. */
export function benchFlow(id: string, n: number): FlowDocument {
  const counts = new Map<NodeType, number>()
  const nodes: FlowNode[] = Array.from({ length: n }, (_, i) => {
    const type: NodeType = i === 0 ? 'trigger' : i === n - 1 ? 'end' : MIX[i % MIX.length]!
    const k = (counts.get(type) ?? 0) + 1
    counts.set(type, k)
    const config = { ...(NODE_DEFINITIONS[type].defaults() as Record<string, unknown>) }
    if (type === 'message') config.text = `Hello {{customer_name}}, step ${i} of your order {{http_call_1.result.id}}`
    return { id: `n${i}`, type, name: `${NAME_PREFIX[type]}${k}`, position: { x: (i % COLUMNS) * 320, y: Math.floor(i / COLUMNS) * 240 }, config }
  })
  const edges: FlowEdge[] = []
  for (let i = 0; i < n - 1; i++) {
    const node = nodes[i]!
    const port = NODE_DEFINITIONS[node.type].ports(NODE_DEFINITIONS[node.type].configSchema.parse(node.config))[0]
    if (port) edges.push({ id: `e${i}`, source: node.id, sourcePort: port.id, target: nodes[i + 1]!.id })
  }
  return { format: FLOW_FORMAT, id, name: `Bench ${n}`, active: false, nodes, edges, samples: {}, webhookSecretRef: null }
}

const FLOOR_APP = `
import { createRoot } from 'react-dom/client'
import { ReactFlow, ReactFlowProvider } from '@xyflow/react'
const { nodes, edges } = window.__graph
createRoot(document.getElementById('root')).render(
  <ReactFlowProvider><ReactFlow defaultNodes={nodes} defaultEdges={edges} fitView minZoom={0.1} fitViewOptions={{ maxZoom: 1 }} /></ReactFlowProvider>,
)`

async function floorBundle(): Promise<{ js: string; css: string }> {
  const out = await build({
    stdin: { contents: FLOOR_APP, loader: 'tsx', resolveDir: ROOT },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const css = fs.readFileSync(path.join(ROOT, 'node_modules/@xyflow/react/dist/style.css'), 'utf8')
  return { js: out.outputFiles[0]!.text, css }
}

/** The floor page: the graph as data, then the bundle. `<` is escaped so no text can close the script early. */
function floorHtml(bundle: { js: string; css: string }, graph: unknown): string {
  const data = JSON.stringify(graph).replace(/</g, '\\u003c')
  const js = bundle.js.replace(/<\/script/gi, '<\\/script')
  return `<!doctype html><html><head><style>${bundle.css} html,body,#root{height:100%;margin:0}</style></head><body><div id="root"></div><script>window.__graph = ${data}</script><script>${js}</script></body></html>`
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
}

// Page scripts are strings: tsx compiles functions with helpers (__name) that do not exist in the page.
const START_RECORDING = `(() => {
  window.__frames = []; window.__rec = true; let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__rec) requestAnimationFrame(tick) };
  requestAnimationFrame(tick);
})()`
const STOP_RECORDING = '(() => { window.__rec = false; return window.__frames.slice(1) })()'

/** Frame intervals recorded by requestAnimationFrame while `act` drives the mouse. */
async function frames(page: Page, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_RECORDING)
  await act()
  return (await page.evaluate(STOP_RECORDING)) as number[]
}

async function sweep(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let i = 1; i <= 60; i++) await page.mouse.move(x + (dx * i) / 60, y + (dy * i) / 60)
  for (let i = 59; i >= 0; i--) await page.mouse.move(x + (dx * i) / 60, y + (dy * i) / 60)
  await page.mouse.up()
}

const afterPaint = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')

interface Row {
  open: number
  pan: number[]
  drag: number[]
}

async function measure(page: Page, load: () => Promise<void>, cardSelector: string): Promise<Row> {
  const t0 = performance.now()
  await load()
  await page.waitForSelector(cardSelector, { state: 'visible', timeout: 120_000 })
  await afterPaint(page)
  const open = performance.now() - t0
  await page.waitForTimeout(300)
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  const pan = await frames(page, () => sweep(page, pane.x + 8, pane.y + 8, 240, 160))
  const box = (await page.locator(cardSelector).first().boundingBox())!
  const drag = await frames(page, () => sweep(page, box.x + box.width / 2, box.y + 6, 200, 120))
  return { open, pan, drag }
}

const line = (label: string, r: Row) =>
  `${label.padEnd(28)} open ${r.open.toFixed(0).padStart(5)} ms   pan p50 ${pct(r.pan, 0.5).toFixed(1).padStart(5)} ms p95 ${pct(r.pan, 0.95).toFixed(1).padStart(6)} ms   drag p50 ${pct(r.drag, 0.5).toFixed(1).padStart(5)} ms p95 ${pct(r.drag, 0.95).toFixed(1).padStart(6)} ms`

export async function run(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-canvas-'))
  // Inside the repository, so the bundled host resolves its external packages from node_modules.
  const buildDir = path.join(ROOT, '.tmp', `bench-canvas-${process.pid}`)
  const dataDir = path.join(work, 'data')
  fs.mkdirSync(dataDir)
  const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' })
  node([path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn', '--outDir', path.join(buildDir, 'renderer')])
  node(['scripts/build-web.mjs', '--out-dir', path.join(buildDir, 'web')])
  process.env.CHATFLOW_E2E_BUILD = buildDir

  const backend = createBackend({ dataDir, log: () => {} })
  const ids = new Map<number, string>()
  for (const n of SIZES) {
    const created = await backend.call('flows.create', { name: `Bench ${n}` })
    if (!created.ok) throw new Error(created.error.message)
    const saved = await backend.call('flows.save', { document: benchFlow(created.value.id, n) })
    if (!saved.ok) throw new Error(saved.error.message)
    ids.set(n, created.value.id)
  }
  await backend.close()

  const host = new HostProcess(dataDir)
  await host.start()
  const browser = await chromium.launch({ ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: ARGS })
  try {
    const bundle = await floorBundle()
    console.log('frame = interval between animation frames while the mouse sweeps 60 steps out and back')
    for (const n of SIZES) {
      const doc = benchFlow('floor', n)
      const studioPage = await browser.newPage({ viewport: { width: 1400, height: 900 } })
      const studio = await measure(studioPage, async () => void (await studioPage.goto(`${host.url}/#/flows/${ids.get(n)}`)), '.flow-card')
      await studioPage.close()
      const floor = await browser.newPage({ viewport: { width: 1400, height: 900 } })
      const graph = {
        nodes: doc.nodes.map((d) => ({ id: d.id, position: d.position, data: { label: d.name } })),
        edges: doc.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
      }
      const bare = await measure(floor, () => floor.setContent(floorHtml(bundle, graph)), '.react-flow__node')
      await floor.close()
      console.log(line(`studio canvas, ${n} nodes`, studio))
      console.log(line(`bare React Flow, ${n} nodes`, bare))
    }
  } finally {
    await browser.close()
    await host.stop()
    fs.rmSync(work, { recursive: true, force: true })
    fs.rmSync(buildDir, { recursive: true, force: true })
  }
}
