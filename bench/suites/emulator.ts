// The emulator's reply latency as a tester feels it: Debian's Chromium on the browser host (a fresh build in a private
// folder and an empty temp data dir), the age-gate example opened in the editor's ▶ Test panel, and ~40 customer
// replies typed in the phone. Each one is timed inside the page, from the Enter keydown to the first animation frame
// after the next bot bubble is in the DOM (so the bubble is on screen), and its text is checked, so a fast wrong
// answer fails the run. Bounded: a deadline aborts the whole suite, and the browser, host, build and data folder are
// always closed and removed, whichever step fails (closing in reverse order: the page must finish before its host goes).
// Then the debugger's Step in the same page (bench/emulator-step-ui.ts), beside the same replies with the debugger
// off, on the age-gate and appointment examples and a 500-node generated flow.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { HostProcess } from '../../test/e2e/host'
import { runDebugBench } from '../emulator-debug'
import { measureStepUi, stepPlans, type StepHooks } from '../emulator-step-ui'
import { originOf, summarise, timeline, traced, type Profile, type TraceEvent } from '../canvas/profile'
import { countCalls, topCalls } from '../render-calls'
import { reportWindows, summariseWindow, traceWindow, type WindowSummary } from '../step-trace'

const ROOT = path.resolve(import.meta.dirname, '../..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const CYCLES = 10 // four replies each: 40 timed replies
const DEADLINE_MS = 600_000 // the browser part (replies, then the debugger's steps); the build is reported on its own line
const STEP_MS = 10_000
// For finding where a Step's time goes (not for the figures: both slow the page down):
//   EMULATOR_PROFILE=dir  a CPU profile of each flow's Step series and its debugger-off replies, written there
//   EMULATOR_CALLS=dir    how many times each of our renderer functions ran per Step and per reply (renders): the
//                         most called printed, all written there as JSON
const PROFILE_DIR = process.env.EMULATOR_PROFILE
const CALLS_DIR = process.env.EMULATOR_CALLS
//   EMULATOR_TRACE=dir    a timeline trace of each timed window with invalidation tracking, written there (Chrome
//                         DevTools opens them) and summarised: the main thread's work per window by phase, elements
//                         restyled, objects laid out, forced layouts, what invalidated style
const TRACE = process.env.EMULATOR_TRACE
//   EMULATOR_FLOWS=500    only the Step plans whose name holds this ("500": the generated flow)
const FLOWS = process.env.EMULATOR_FLOWS

// One age-gate conversation that ends by itself: keyword, then three non-ages take the question's failure branch.
const CYCLE: Array<[reply: string, expect: string]> = [
  ['wine', 'How old are you?'],
  ['x', 'Please type your age as a number'],
  ['y', 'Please type your age as a number'],
  ['z', 'Come back when you are 18'],
]

function build(dir: string): void {
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  run([
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
    '--outDir',
    path.join(dir, 'renderer'),
  ])
  run(['scripts/build-web.mjs', '--out-dir', path.join(dir, 'web')])
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call site reads its own command's result
async function api(page: Page, command: string, payload: unknown): Promise<any> {
  const result = await page.evaluate(
    ({ command, payload }) =>
      new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/api`)
        ws.onerror = () => reject(new Error('socket failed'))
        ws.onopen = () => ws.send(JSON.stringify({ type: 'call', id: 1, command, payload }))
        ws.onmessage = (m) => {
          const msg = JSON.parse(String(m.data))
          if (msg.type === 'result') {
            ws.close()
            resolve(msg.result)
          }
        }
      }),
    { command, payload },
  )
  if (!result.ok) throw new Error(`${command}: ${result.error?.message}`)
  return result.value
}

/**
 * Arms the in-page stopwatch: starts on the next Enter keydown, stops a frame after the phone's conversation has
 * changed and ends with a bot bubble right after the customer's `reply`. The conversation is compared as text, not
 * by counting or by node: a new run clears the phone and React reuses the old bubbles' elements for the new ones.
 */
async function arm(page: Page, reply: string): Promise<void> {
  // Plain source, not a closure: tsx's keepNames would wrap inner functions in a __name() the page does not have.
  await page.evaluate(`(${ARM})(${JSON.stringify(reply)})`)
}

const ARM = `(reply) => {
  const rows = () =>
    [...document.querySelectorAll('[aria-label="Phone emulator"] [data-testid$="-message"]')].map((row) => ({
      mine: row.getAttribute('data-testid') === 'customer-message',
      text: row.querySelector('.chat-text')?.textContent ?? '',
    }))
  const before = JSON.stringify(rows())
  const lat = (window.__lat = { t0: 0, t1: 0, text: '' })
  document.addEventListener('keydown', (e) => e.key === 'Enter' && (lat.t0 = performance.now()), { capture: true, once: true })
  const observer = new MutationObserver(() => {
    const now = rows()
    const last = now.at(-1)
    const prev = now.at(-2)
    if (!last || last.mine || !prev?.mine || prev.text !== reply || JSON.stringify(now) === before) return
    observer.disconnect()
    requestAnimationFrame(() => {
      lat.t1 = performance.now()
      lat.text = last.text
    })
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
}`

async function measure(page: Page): Promise<number[]> {
  const doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/age-gate.flow.json'), 'utf8'))
  const created = await api(page, 'flows.create', { name: doc.name })
  await api(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const input = page.getByLabel('Phone emulator').getByLabel('Message')
  await input.waitFor({ timeout: STEP_MS })

  const ms: number[] = []
  for (let c = 0; c < CYCLES; c++) {
    for (const [reply, expected] of CYCLE) {
      await input.fill(reply)
      await arm(page, reply)
      await input.press('Enter')
      await page
        .waitForFunction(() => (window as unknown as { __lat: { t1: number } }).__lat.t1 > 0, undefined, {
          timeout: STEP_MS,
          polling: 'raf',
        })
        .catch(async () => {
          const shown = await page
            .getByLabel('Phone emulator')
            .innerText()
            .catch(() => '(no phone)')
          throw new Error(
            `emulator bench: no new bot message ${STEP_MS / 1000} s after reply ${ms.length + 1} ("${reply}"); the phone shows:\n${shown}`,
          )
        })
      const lat = await page.evaluate(
        () => (window as unknown as { __lat: { t0: number; t1: number; text: string } }).__lat,
      )
      if (!lat.text.includes(expected))
        throw new Error(`emulator bench: after "${reply}" the phone showed "${lat.text}", not "${expected}"`)
      ms.push(lat.t1 - lat.t0)
    }
  }
  return ms
}

/** EMULATOR_PROFILE / EMULATOR_CALLS: hooks around each timed Step and reply of a flow, or none. Only the timed
 *  windows are sampled or counted (from F10 or the reply to its frame on screen), not the harness's moves between. */
async function hooksFor(page: Page, name: string, work: string): Promise<StepHooks | undefined> {
  if (!PROFILE_DIR && !CALLS_DIR && !TRACE) return undefined
  const cdp = await page.context().newCDPSession(page)
  if (TRACE) return tracer(cdp, name, TRACE, originOf(path.join(work, 'renderer')))
  const rendererDir = path.join(work, 'renderer')
  const slug = name.replace(/\W+/g, '-')
  const calls = { step: new Map<string, number>(), reply: new Map<string, number>() }
  const profiles: Record<'step' | 'reply', Profile[]> = { step: [], reply: [] }
  const events: Record<'step' | 'reply', TraceEvent[]> = { step: [], reply: [] }
  const n = { step: 0, reply: 0 }
  return {
    phase: async (label, act) => {
      const out = await act()
      if (PROFILE_DIR) {
        fs.mkdirSync(PROFILE_DIR, { recursive: true })
        const merged = mergeProfiles(profiles[label])
        fs.writeFileSync(path.join(PROFILE_DIR, `${slug}-${label}.cpuprofile`), JSON.stringify(merged))
        console.log(summarise(merged, originOf(rendererDir), `${name} ${label}, ${n[label]} timed windows`))
        console.log(timeline(events[label]))
      }
      if (CALLS_DIR) {
        fs.mkdirSync(CALLS_DIR, { recursive: true })
        const all = Object.fromEntries([...calls[label]].sort((a, b) => b[1] - a[1]))
        fs.writeFileSync(
          path.join(CALLS_DIR, `${slug}-${label}.json`),
          JSON.stringify({ timed: n[label], calls: all }, null, 1),
        )
        console.log(
          `  ${name}, ${label}: our functions by calls (${n[label]} timed)\n${topCalls(calls[label], 25, n[label])}`,
        )
      }
      return out
    },
    each: async (label, act) => {
      n[label]++
      if (PROFILE_DIR) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        const traced_ = await traced(cdp, async () => {
          await cdp.send('Profiler.start')
          const out = await act()
          profiles[label].push(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile)
          return out
        })
        events[label].push(...traced_.list)
        return traced_.result
      }
      const { result, calls: c } = await countCalls(cdp, rendererDir, act)
      for (const [k, v] of c) calls[label].set(k, (calls[label].get(k) ?? 0) + v)
      return result
    },
  }
}

/** EMULATOR_TRACE's hooks: each timed window traced, each series summarised. */
function tracer(cdp: CDPSession, name: string, dir: string, origin: ReturnType<typeof originOf>): StepHooks {
  const windows: Record<'step' | 'reply', WindowSummary[]> = { step: [], reply: [] }
  fs.mkdirSync(dir, { recursive: true })
  const slug = name.replace(/\W+/g, '-')
  return {
    phase: async (label, act) => {
      const out = await act()
      console.log(reportWindows(`${name} ${label}`, windows[label]))
      return out
    },
    each: async (label, act) => {
      const { result, events } = await traceWindow(cdp, act, process.env.EMULATOR_TRACE_INVALIDATIONS === '1')
      windows[label].push(summariseWindow(events, origin))
      const file = `${slug}-${label}-${String(windows[label].length).padStart(2, '0')}.trace.json`
      fs.writeFileSync(path.join(dir, file), JSON.stringify({ traceEvents: events }))
      return result
    },
  }
}

/** One profile of many windows: their nodes side by side (ids shifted apart), their samples one after the other. */
function mergeProfiles(list: Profile[]): Profile {
  const out: Profile = { nodes: [], samples: [], timeDeltas: [] }
  let shift = 0
  for (const p of list) {
    let top = 0
    for (const node of p.nodes) {
      out.nodes.push({ ...node, id: node.id + shift, children: node.children?.map((c) => c + shift) })
      top = Math.max(top, node.id)
    }
    out.samples.push(...p.samples.map((id) => id + shift))
    out.timeDeltas.push(...p.timeDeltas)
    shift += top + 1
  }
  return out
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export async function run(): Promise<void> {
  await runDebugBench()
  // The browser half builds the renderer first (minutes on a busy machine): CHATFLOW_BENCH_BROWSER=0 leaves it out.
  if (process.env.CHATFLOW_BENCH_BROWSER === '0') return
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  const work = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-emulator-'))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-emulator-'))
  let host: HostProcess | undefined
  let browser: Browser | undefined
  let timer: NodeJS.Timeout | undefined
  try {
    let t = performance.now()
    build(work)
    console.log(
      `${'build renderer + browser host (private folder)'.padEnd(48)} ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    t = performance.now()
    process.env.CHATFLOW_E2E_BUILD = work // host.ts takes its bundle and renderer from here
    host = new HostProcess(dataDir, { CHATFLOW_WEBHOOK_PORT: '0' })
    await host.start()
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 20_000 })
    const page = await (await browser.newContext({ viewport: { width: 1200, height: 760 } })).newPage()
    // The browser host requires the session token it printed (test/e2e/host.ts): the address carries it once.
    await page.goto(`${host.url}/?token=${host.token}#/flows`)
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`emulator bench: not done within ${DEADLINE_MS / 1000} s`)),
        DEADLINE_MS,
      )
    })
    const measuring = (async () => {
      const replies = await measure(page)
      const steps = []
      for (const plan of stepPlans().filter((p) => !FLOWS || p.name.includes(FLOWS)))
        steps.push({
          name: plan.name,
          ...(await measureStepUi(page, api, plan, await hooksFor(page, plan.name, work))),
        })
      return { replies, steps }
    })()
    measuring.catch(() => undefined) // after a timeout its pending steps fail as the browser closes; the deadline reports
    const { replies: ms, steps } = await Promise.race([measuring, deadline])
    const total = (performance.now() - t) / 1000
    ms.sort((a, b) => a - b)
    console.log(
      `${`reply → next bot bubble on screen (${ms.length} replies)`.padEnd(48)} p50 ${pct(ms, 50).toFixed(1)} ms   p95 ${pct(ms, 95).toFixed(1)} ms   max ${ms.at(-1)!.toFixed(1)} ms`,
    )
    console.log(
      `${'host + browser + 40 replies + the Step part'.padEnd(48)} ${total.toFixed(1)} s   load average ${load()} (${os.cpus().length} cores)`,
    )
    const line = (what: string, v: number[]) =>
      `${what.padEnd(62)} p50 ${pct(v, 50).toFixed(1)} ms   p95 ${pct(v, 95).toFixed(1)} ms   max ${v.at(-1)!.toFixed(1)} ms`
    for (const flow of steps) {
      const step = [...flow.step].sort((a, b) => a - b)
      const reply = [...flow.reply].sort((a, b) => a - b)
      console.log(line(`${flow.name}: Step (F10) → Debug tab, phone, canvas (${step.length})`, step))
      console.log(line(`${flow.name}: same replies, debugger off (${reply.length})`, reply))
      console.log(
        `${`${flow.name}: Step p50 / reply p50, p95 / p95`.padEnd(62)} ${(pct(step, 50) / pct(reply, 50)).toFixed(2)}   ${(pct(step, 95) / pct(reply, 95)).toFixed(2)}`,
      )
    }
    console.log(`${'load average after the Step part'.padEnd(62)} ${load()} (${os.cpus().length} cores)`)
  } catch (err) {
    if (host) console.error(`host output:\n${host.output().slice(-2000)}`)
    throw err
  } finally {
    clearTimeout(timer)
    // The browser first: its page holds a socket to the host, and closing the host under it is what made the earlier
    // attempt fail with "Target page, context or browser has been closed".
    await browser?.close().catch(() => undefined)
    await host?.stop().catch(() => undefined)
    fs.rmSync(work, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
