import fs from 'node:fs'
import path from 'node:path'
import type { CDPSession } from '@playwright/test'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import type { ProfileHooks } from './measure'

// CANVAS_PROFILE: a CPU profile (CDP Profiler, sampled every 100 µs) of each studio gesture, written as a
// .cpuprofile that Chrome DevTools opens, and a summary printed: self time by where the code comes from (a package
// of node_modules or a file of ours, through the build's source maps) and the heaviest functions.

export interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
export interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export function profiler(dir: string, name: string, rendererDir: string): ProfileHooks {
  fs.mkdirSync(dir, { recursive: true })
  const origin = originOf(rendererDir)
  return {
    async around<T>(cdp: CDPSession, label: string, act: () => Promise<T>): Promise<T> {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      const events = await traced(cdp, async () => {
        await cdp.send('Profiler.start')
        const g = await act()
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
        fs.writeFileSync(path.join(dir, `${name}-${label}.cpuprofile`), JSON.stringify(profile))
        console.log(summarise(profile, origin, `${name} ${label}`))
        return g
      })
      fs.writeFileSync(path.join(dir, `${name}-${label}.trace.json`), JSON.stringify({ traceEvents: events.list }))
      console.log(timeline(events.list))
      return events.result
    },
  }
}

/** Where a profile frame's code comes from: "@xyflow/react", "renderer/canvas/FlowNodeCard.tsx", or the engine's own
 *  work, through the source maps of the build in `rendererDir`. */
export function originOf(rendererDir: string): (f: CallFrame) => { where: string; fn: string } {
  const maps = new Map<string, SourceMapConsumer | null>()
  const mapOf = (url: string) => {
    // Chromium's own scripts have names, not addresses (e.g. "v8/LoadTimes").
    if (!URL.canParse(url)) return null
    const file = new URL(url).pathname
    if (!maps.has(file)) {
      const at = path.join(rendererDir, `${file}.map`)
      maps.set(
        file,
        fs.existsSync(at) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(at, 'utf8')) as RawSourceMap) : null,
      )
    }
    return maps.get(file)
  }
  /** Where a frame's code comes from: "@xyflow/react", "renderer/canvas/FlowNodeCard.tsx", or the engine's own work. */
  return (f: CallFrame): { where: string; fn: string } => {
    if (!f.url) return { where: f.functionName || '(native)', fn: f.functionName || '(native)' }
    const pos = mapOf(f.url)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber })
    const source = pos?.source ?? f.url
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
    const where = pkg ?? source.replace(/^(\.\.\/)+/, '')
    return { where, fn: `${f.functionName || '(anonymous)'} ${where}${pkg ? '' : `:${pos?.line ?? f.lineNumber + 1}`}` }
  }
}

export function summarise(
  profile: Profile,
  origin: (f: CallFrame) => { where: string; fn: string },
  title: string,
): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))
  const where = new Map<string, number>()
  const fns = new Map<string, number>()
  let total = 0
  for (const [id, ms] of self) {
    const o = origin(byId.get(id)!.callFrame)
    if (o.where === '(idle)') continue
    total += ms
    where.set(o.where, (where.get(o.where) ?? 0) + ms)
    fns.set(o.fn, (fns.get(o.fn) ?? 0) + ms)
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(
        ([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / total).toFixed(0).padStart(3)}%  ${key}`,
      )
  return [
    `  profile ${title}: ${total.toFixed(0)} ms busy`,
    '   by origin:',
    ...top(where, 10),
    '   by function:',
    ...top(fns, 15),
  ].join('\n')
}

export interface TraceEvent {
  name: string
  ph: string
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** Runs `act` under a DevTools timeline trace (what the Performance panel records) and returns its events. */
export async function traced<T>(cdp: CDPSession, act: () => Promise<T>): Promise<{ result: T; list: TraceEvent[] }> {
  const list: TraceEvent[] = []
  const onData = (e: { value: object[] }) => void list.push(...(e.value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', onData)
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'cc',
        'viz',
        'blink',
        'blink.user_timing',
      ],
    },
  })
  try {
    const result = await act()
    return { result, list }
  } finally {
    await cdp.send('Tracing.end')
    await done
    cdp.off('Tracing.dataCollected', onData)
  }
}

/** Time per trace event name on the renderer's main thread and on the other threads (inclusive: nested events
 *  count in their parents too), the split that the CPU profile's "(program)" hides. */
export function timeline(events: TraceEvent[]): string {
  const threads = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?')
  const main = new Map<string, number>()
  const other = new Map<string, number>()
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? '?'
    const into = thread === 'CrRendererMain' ? main : other
    const key = thread === 'CrRendererMain' ? e.name : `${thread}: ${e.name}`
    into.set(key, (into.get(key) ?? 0) + e.dur / 1000)
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`)
  return ['   timeline, renderer main thread:', ...top(main, 14), '   timeline, other threads:', ...top(other, 8)].join(
    '\n',
  )
}
