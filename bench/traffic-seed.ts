// The traffic benchmark's runs (bench/suites/traffic.ts): a million runs of the shop flow
// (electron/services/traffic/testing/shop-flow.ts) over 35 days, seeded into the aggregate tables the way real steps
// make them: each run's steps are the real engine's steps for its path (captured once per kind of step, then given
// the run's id and times) counted by the stores' own TrafficBatch. `realSteps` plays the same runs through a real
// Runtime and store instead, so a small set proves both give the same rows.
import { closeRun, createEffects, resumeRun, startRun, WINDOW_MS, type StepResult } from '../shared/engine'
import { nodeCatalog } from '../shared/nodes/runners'
import type { Runtime } from '../electron/runtime/runtime'
import type { RuntimeStore } from '../electron/runtime/store'
import { text } from '../electron/runtime/testing/runtime-fixtures'
import { shopFlow } from '../electron/services/traffic/testing/shop-flow'
import { TrafficBatch, type TrafficRows } from '../electron/services/traffic/run-traffic'

export const FLOW = shopFlow()
export const DAY = 86_400_000
export const T0 = Date.UTC(2026, 0, 1)

/** One run: its first message ('shop') at `start`, then answers; closed by the expiry sweep at `expireAt`. */
export interface Scenario {
  phone: string
  start: number
  answers: Array<{ at: number; text: 'x' | 'done' | 'fail' }>
  expireAt?: number
}

/** A small deterministic generator (mulberry32), so every store gets the same runs. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` runs over `days` days, in start order: 35 % answer "done", 20 % loop one to three times first, 10 % fail at
 * the HTTP call, 20 % expire unanswered, 15 % are still waiting (those start in the last day, inside their window).
 * Answers come 2 s to 20 min after the question (log-uniform).
 */
export function scenarios(count: number, days: number, seed = 33): Scenario[] {
  const rnd = random(seed)
  const end = T0 + days * DAY
  const out: Scenario[] = []
  for (let i = 0; i < count; i++) {
    const kind = rnd()
    const waits = kind >= 0.85
    const start = waits
      ? end - DAY + Math.floor(rnd() * (DAY - 3_600_000))
      : T0 + Math.floor(rnd() * (days - 1.1) * DAY)
    const s: Scenario = { phone: `+9198${String(i).padStart(8, '0')}`, start, answers: [] }
    let at = start
    const answer = (t: 'x' | 'done' | 'fail') => {
      at += Math.round(2000 * 2 ** (rnd() * 9.2))
      s.answers.push({ at, text: t })
    }
    if (kind < 0.35) answer('done')
    else if (kind < 0.55) {
      for (let k = 1 + Math.floor(rnd() * 3); k > 0; k--) answer('x')
      answer('done')
    } else if (kind < 0.65) answer('fail')
    else if (kind < 0.85) s.expireAt = start + WINDOW_MS
    out.push(s)
  }
  return out.sort((a, b) => a.start - b.start)
}

/** The version a run starting at `at` runs: version 2 is published halfway through. */
export const versionAt = (at: number, days: number): number => (at < T0 + Math.floor(days / 2) * DAY ? 1 : 2)

type Template = Record<'shop' | 'x' | 'done' | 'fail' | 'expired', StepResult>

/** The real engine's step for each message at the shop flow's question (and the expiry's close), captured once. */
export async function templates(): Promise<Template> {
  const clock = { now: T0 }
  const deps = {
    effects: createEffects({ clock: { now: () => clock.now } }),
    catalog: nodeCatalog,
    serviceWindow: false,
  }
  const contact = { id: 'ct_template', name: 'T', phone: '+919800000000' }
  const message = (body: string) => ({ type: 'text' as const, text: body, id: `wamid.${body}` })
  const shop = await startRun(
    FLOW,
    { contact, trigger: { kind: 'keyword', keyword: 'shop', message: message('shop') } },
    deps,
  )
  const on = (body: string) => resumeRun(FLOW, shop.state, message(body), contact, deps)
  return {
    shop,
    x: await on('x'),
    done: await on('done'),
    fail: await on('fail'),
    expired: closeRun(shop.state, 'expired', T0),
  }
}

/** A template step as run `id` makes it at `at` (the fields the counting reads: ids, times, the path). */
function stamp(t: StepResult, id: string, start: number, at: number): StepResult {
  return {
    ...t,
    state: { ...t.state, id, startedAt: start, updatedAt: at, lastInboundAt: at },
    trace: t.trace.map((e) => ({ ...e, runId: id, startedAt: at })),
  }
}

/** Counts the runs' steps as the stores do, `chunk` runs per TrafficBatch, and adds the rows up per key. */
export function seedRows(runs: Scenario[], days: number, tpl: Template): TrafficRows {
  const sums = new Map<string, Record<string, number | string>>()
  const add = (table: string, rows: Array<object>) => {
    for (const row of rows) {
      const r = row as Record<string, number | string>
      const counts = Object.keys(r).filter((k) => typeof r[k] === 'number' && !['day', 'version', 'bucket'].includes(k))
      const key = [
        table,
        ...Object.keys(r)
          .filter((k) => !counts.includes(k))
          .map((k) => r[k]),
      ].join('|')
      const have = sums.get(key)
      if (!have) sums.set(key, { ...r, table })
      else for (const k of counts) (have[k] as number) += r[k] as number
    }
  }
  const CHUNK = 5_000
  for (let i = 0; i < runs.length; i += CHUNK) {
    const batch = new TrafficBatch()
    for (const [j, s] of runs.slice(i, i + CHUNK).entries()) {
      const id = `run_${i + j}`
      const version = versionAt(s.start, days)
      batch.add(FLOW.id, stamp(tpl.shop, id, s.start, s.start), version)
      for (const a of s.answers) batch.add(FLOW.id, stamp(tpl[a.text], id, s.start, a.at), null)
      if (s.expireAt !== undefined) batch.add(FLOW.id, stamp(tpl.expired, id, s.start, s.expireAt), null)
    }
    const rows = batch.rows()
    add('runs', rows.runs)
    add('nodes', rows.nodes)
    add('edges', rows.edges)
    add('answers', rows.answers)
  }
  const of = <T>(table: string) =>
    [...sums.values()].filter((r) => r.table === table).map(({ table: _t, ...r }) => r as unknown as T)
  return { runs: of('runs'), nodes: of('nodes'), edges: of('edges'), answers: of('answers') }
}

/**
 * The same runs through a real Runtime: every message an inbound step, the expiry sweep at each expiring run's
 * time, version 2 published at its time. The runtime's clock is `clock`.
 */
export async function realSteps(
  runtime: Runtime,
  store: RuntimeStore,
  clock: { now: number },
  runs: Scenario[],
  days: number,
): Promise<void> {
  type Event = { at: number; act: () => Promise<unknown> }
  const events: Event[] = []
  for (const s of runs) {
    events.push({ at: s.start, act: () => runtime.inbound(text(s.phone, 'shop')) })
    for (const a of s.answers) events.push({ at: a.at, act: () => runtime.inbound(text(s.phone, a.text)) })
    if (s.expireAt !== undefined) events.push({ at: s.expireAt, act: () => runtime.expireStale() })
  }
  const switchAt = T0 + Math.floor(days / 2) * DAY
  events.push({ at: switchAt - 0.5, act: () => store.publish({ ...FLOW, name: 'Shop v2' }) })
  await store.publish(FLOW)
  for (const e of events.sort((a, b) => a.at - b.at)) {
    clock.now = Math.ceil(e.at)
    await e.act()
  }
}
