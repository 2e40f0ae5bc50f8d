import type { CDPSession } from '@playwright/test'
import type { CallFrame } from './canvas/profile'

// EMULATOR_TRACE: where the browser's own time goes in a timed window (what a CPU profile shows only as "(program)"),
// from the DevTools timeline trace with invalidation tracking: the main thread's self time by phase (script, style,
// layout, pre-paint, paint, layerize, commit), how many elements each style recalculation touched and how many layout
// objects each layout walked, which layouts script forced (and from where), and what invalidated style: the element
// and the change (class, attribute, inline style, inherited) that scheduled it.

interface Event {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread time: the CPU the thread had, without the time the scheduler gave to other processes. */
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown>
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
]
/** Invalidation tracking records a stack per DOM change: it slows every setAttribute and insertion several times
 *  over, so it is asked for on its own (EMULATOR_TRACE_INVALIDATIONS=1) and its times are not the page's. */
const INVALIDATIONS = [
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'disabled-by-default-devtools.timeline.stack',
]

/** Runs `act` under a timeline trace with invalidation tracking; returns its events. */
export async function traceWindow<T>(
  cdp: CDPSession,
  act: () => Promise<T>,
  invalidations = false,
): Promise<{ result: T; events: Event[] }> {
  const events: Event[] = []
  const onData = (e: { value: object[] }) => void events.push(...(e.value as Event[]))
  cdp.on('Tracing.dataCollected', onData)
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...CATEGORIES, ...(invalidations ? INVALIDATIONS : [])] },
  })
  try {
    return { result: await act(), events }
  } finally {
    await cdp.send('Tracing.end')
    await done
    cdp.off('Tracing.dataCollected', onData)
  }
}

const PHASES: Array<[string, RegExp]> = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Document::updateStyleInvalidationIfNeeded)$/],
  ['layout', /^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections|ResizeObserver.*)$/],
  ['pre-paint', /^PrePaint$/],
  ['paint', /^(Paint|PaintImage|Decode.*)$/],
  ['layerize', /^(Layerize|UpdateLayer|CompositeLayers)$/],
  ['commit', /^Commit$/],
  [
    'script',
    /^(FunctionCall|EvaluateScript|v8\..*|V8\..*|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|MinorGC|MajorGC|BlinkGC\..*|GCEvent)$/,
  ],
  ['hit test', /^HitTest$/],
]
const phaseOf = (name: string) => PHASES.find(([, re]) => re.test(name))?.[0] ?? 'other'

export interface WindowSummary {
  /** The timed window (the page's bench-t0 → bench-t1 marks), ms, and the main thread's idle time in it. */
  length: number
  idle: number
  /** The main thread's CPU time in the window's tasks (their thread time, ms): its work, whatever the load. */
  cpu: number
  /** The window's top-level tasks: start after t0, duration, and what ran longest in each. */
  tasks: Array<{ at: number; ms: number; what: string }>
  phases: Map<string, number>
  names: Map<string, number>
  styleElements: number[]
  layoutObjects: Array<{ dirty: number; total: number; forced: string | null }>
  invalidations: Map<string, number>
  /** JS samples in the window (ms) by the nearest frame of our own code, or by the package they ran in. */
  script: Map<string, number>
}

type Origin = (f: CallFrame) => { where: string; fn: string }

/** The main thread's CPU samples inside [t0, t1), each as its stack of frames (leaf first), with its ms. */
function samplesIn(events: Event[], on: Event[], t0: number, t1: number): Array<{ stack: CallFrame[]; ms: number }> {
  const nodes = new Map<number, { frame: CallFrame; parent?: number }>()
  // The main thread's profile; its chunks come from the sampler's thread, tied to it by id.
  const profile = on.find((e) => e.name === 'Profile') as (Event & { id?: string }) | undefined
  let now = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0
  const out: Array<{ stack: CallFrame[]; ms: number }> = []
  for (const e of events as Array<Event & { id?: string }>) {
    if (e.name !== 'ProfileChunk' || !profile || e.id !== profile.id || e.pid !== profile.pid) continue
    const data = e.args?.data as {
      cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame; parent?: number }>; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, { frame: n.callFrame, parent: n.parent })
    const samples = data.cpuProfile?.samples ?? []
    samples.forEach((id, i) => {
      const delta = data.timeDeltas?.[i] ?? 0
      now += delta
      if (now < t0 || now >= t1) return
      const stack: CallFrame[] = []
      for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
        const n = nodes.get(at)
        if (n) stack.push(n.frame)
      }
      out.push({ stack, ms: delta / 1000 })
    })
  }
  return out
}

const frameOf = (stack: unknown): string | null => {
  const frames = (stack as Array<{ functionName?: string; url?: string; lineNumber?: number }> | undefined) ?? []
  const f = frames.find((x) => x.url && !x.url.includes('chunk-')) ?? frames[0]
  return f ? `${f.functionName || '(anonymous)'} ${f.url?.split('/').pop() ?? ''}:${f.lineNumber ?? '?'}` : null
}

/** The main thread's self time by phase, and what style and layout did, in one window's events. */
export function summariseWindow(events: Event[], origin: Origin): WindowSummary {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid)
  const mark = (name: string) => events.find((e) => e.name === name)?.ts
  const t0 = mark('bench-t0') ?? -Infinity
  const t1 = mark('bench-t1') ?? Infinity
  const spans = on
    .filter((e) => e.ph === 'X' && e.dur && e.ts >= t0 && e.ts < t1)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const phases = new Map<string, number>()
  // Self time: each span's duration less its direct children's (spans nest on one thread).
  const stack: Event[] = []
  const self = new Map<Event, number>()
  for (const e of spans) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent) self.set(parent, (self.get(parent) ?? parent.dur!) - e.dur!)
    self.set(e, e.dur!)
    stack.push(e)
  }
  // A span's self time goes to its own phase, or its nearest classified ancestor's (RunTask → other).
  const tops = [...self.keys()].filter(
    (e) => !spans.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!),
  )
  const busy = tops.reduce((a, e) => a + Math.min(e.dur!, t1 - e.ts), 0) / 1000
  const cpu = tops.reduce((a, e) => a + (e.tdur ?? e.dur!), 0) / 1000
  const length = Number.isFinite(t1 - t0) ? (t1 - t0) / 1000 : 0
  const tasks = tops.map((e) => {
    const inside = spans.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur! <= e.ts + e.dur!)
    const big = inside.sort((a, b) => (self.get(b) ?? 0) - (self.get(a) ?? 0))[0]
    const fn = (big?.args?.data as { functionName?: string; url?: string } | undefined) ?? {}
    const what = big
      ? `${big.name}${fn.functionName ? ` ${fn.functionName}` : ''}${fn.url ? ` ${fn.url.split('/').pop()}` : ''}`
      : e.name
    return { at: (e.ts - t0) / 1000, ms: e.dur! / 1000, what }
  })
  const names = new Map<string, number>()
  for (const [e, us] of self) {
    phases.set(phaseOf(e.name), (phases.get(phaseOf(e.name)) ?? 0) + us / 1000)
    names.set(e.name, (names.get(e.name) ?? 0) + us / 1000)
  }
  const styleElements = spans
    .filter((e) => e.name === 'UpdateLayoutTree')
    .map((e) => Number((e.args?.elementCount as number) ?? 0))
  const layoutObjects = spans
    .filter((e) => e.name === 'Layout')
    .map((e) => {
      const begin = (e.args?.beginData ?? {}) as { dirtyObjects?: number; totalObjects?: number; stackTrace?: unknown }
      return { dirty: begin.dirtyObjects ?? 0, total: begin.totalObjects ?? 0, forced: frameOf(begin.stackTrace) }
    })
  const invalidations = new Map<string, number>()
  for (const e of on) {
    if (!e.name.endsWith('InvalidationTracking') || e.ts < t0 || e.ts >= t1) continue
    const d = (e.args?.data ?? {}) as Record<string, unknown>
    const what =
      d.changedClass !== undefined
        ? `class .${String(d.changedClass)}`
        : d.changedAttribute !== undefined
          ? `attribute [${String(d.changedAttribute)}]`
          : d.changedId !== undefined
            ? `id #${String(d.changedId)}`
            : d.changedPseudo !== undefined
              ? `pseudo :${String(d.changedPseudo)}`
              : String(d.reason ?? '')
    const key = `${e.name.replace('InvalidationTracking', '')}: ${String(d.nodeName ?? '?')} ${what}`
    invalidations.set(key, (invalidations.get(key) ?? 0) + 1)
  }
  const script = new Map<string, number>()
  for (const { stack, ms } of samplesIn(events, on, t0, t1)) {
    const leaf = stack[0]
    if (!leaf || ['(idle)', '(root)'].includes(leaf.functionName)) continue
    const own = stack.map(origin).find((o) => /^(renderer|shared)\//.test(o.where))
    const key = own ? own.fn : leaf.url ? origin(leaf).where : leaf.functionName || '(native)'
    script.set(key, (script.get(key) ?? 0) + ms)
  }
  return {
    script,
    length,
    cpu,
    idle: Math.max(0, length - busy),
    tasks,
    phases,
    names,
    styleElements,
    layoutObjects,
    invalidations,
  }
}

const p95 = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[Math.ceil(0.95 * v.length) - 1]! : 0)
const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]! : 0)

/** Per-window medians over a series, and the commonest invalidations, as printable lines. */
export function reportWindows(title: string, windows: WindowSummary[]): string {
  const names = [...new Set(windows.flatMap((w) => [...w.phases.keys()]))]
  const phaseLines = names
    .map((n) => [n, median(windows.map((w) => w.phases.get(n) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([n, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${n}`)
  const allNames = new Map<string, number>()
  for (const w of windows) for (const [k, ms] of w.names) allNames.set(k, (allNames.get(k) ?? 0) + ms)
  const nameLines = [...allNames]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([n, ms]) => `    ${(ms / windows.length).toFixed(1).padStart(7)} ms  ${n}`)
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0)
  const forced = new Map<string, number>()
  for (const w of windows)
    for (const l of w.layoutObjects) if (l.forced) forced.set(l.forced, (forced.get(l.forced) ?? 0) + 1)
  const inv = new Map<string, number>()
  for (const w of windows) for (const [k, n] of w.invalidations) inv.set(k, (inv.get(k) ?? 0) + n)
  const per = (n: number) => (n / windows.length).toFixed(1).padStart(7)
  const mid = [...windows].sort((a, b) => a.length - b.length)[Math.floor(windows.length / 2)]
  const js = new Map<string, number>()
  for (const w of windows) for (const [k, ms] of w.script) js.set(k, (js.get(k) ?? 0) + ms)
  return [
    `  trace ${title}, ${windows.length} windows: window ${median(windows.map((w) => w.length)).toFixed(1)} ms, main thread idle in it ${median(windows.map((w) => w.idle)).toFixed(1)} ms, its CPU time ${median(windows.map((w) => w.cpu)).toFixed(1)} ms (medians; p95 ${p95(windows.map((w) => w.cpu)).toFixed(1)} ms)`,
    `   the median window's tasks (start ms after the key or click, duration ms, the heaviest event in it):`,
    ...(mid?.tasks ?? [])
      .filter((t) => t.ms >= 0.5)
      .map((t) => `    +${t.at.toFixed(1).padStart(6)}  ${t.ms.toFixed(1).padStart(6)}  ${t.what}`),
    '   main thread self time per window (median):',
    ...phaseLines,
    '   by event (self time, mean per window):',
    ...nameLines,
    `   style recalcs per window ${median(windows.map((w) => w.styleElements.length))}, elements restyled per window ${median(windows.map((w) => sum(w.styleElements)))}`,
    `   layouts per window ${median(windows.map((w) => w.layoutObjects.length))}, objects laid out per window ${median(windows.map((w) => sum(w.layoutObjects.map((l) => l.dirty))))} of ${median(windows.map((w) => Math.max(0, ...w.layoutObjects.map((l) => l.total))))}`,
    '   forced layouts (per window) from:',
    ...[...forced]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, n]) => `    ${per(n)}  ${k}`),
    '   CPU samples by the nearest function of ours (or the package, or the VM state), mean ms per window:',
    ...[...js]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, ms]) => `    ${(ms / windows.length).toFixed(1).padStart(7)} ms  ${k}`),
    '   invalidations (per window):',
    ...[...inv]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, n]) => `    ${per(n)}  ${k}`),
  ].join('\n')
}
