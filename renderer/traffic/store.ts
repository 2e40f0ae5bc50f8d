import { createStore, useStore } from 'zustand'
import type { FunnelReport, TrafficReport, TrafficSide } from '../../shared/api/commands/traffic'
import { api, type ApiClient } from '../api'
import { periodOf, type PeriodDays } from './period'

// The Traffic overlay's state (docs/logs.md, "Traffic on the canvas"): whether it is on, whose runs (this studio's or
// a saved production server's), the period, the version and the one compared with it, the goal, and what was read.
// The canvas reads it from here (shownTraffic), the panel sets it; neither imports the other. A newer read replaces an
// older one still on its way (its answer is dropped), and Cancel drops the one on its way.

export interface TrafficSettings {
  /** A production server's id (saved in the Publish dialog), or null for this studio's own runs. */
  serverId: string | null
  days: PeriodDays
  /** A version, or null for every version. */
  version: number | null
  /** The version shown side by side with `version` (which must then be set), or null. */
  versus: number | null
  /** The goal node's id, or null. */
  goal: string | null
}

export interface TrafficData {
  flowId: string
  serverId: string | null
  from: string
  to: string
  report: TrafficReport
  funnel: FunnelReport | null
  /** With `versus`: both sides as traffic.compare answered them (`report` is `a`). */
  compare: { a: TrafficSide; b: TrafficSide } | null
}

export type TrafficStatus = 'idle' | 'loading' | 'ready' | 'error' | 'cancelled'

export interface TrafficState {
  on: boolean
  flowId: string | null
  settings: TrafficSettings
  status: TrafficStatus
  error: string | null
  data: TrafficData | null
  setOn(on: boolean): void
  /** The flow the editor shows: another flow starts from the defaults. */
  setFlow(flowId: string): void
  change(patch: Partial<TrafficSettings>): void
  load(): Promise<void>
  cancel(): void
}

export const DEFAULT_SETTINGS: TrafficSettings = { serverId: null, days: 30, version: null, versus: null, goal: null }

export function createTrafficStore(client: ApiClient = api, now: () => number = Date.now) {
  let seq = 0
  return createStore<TrafficState>((set, get) => ({
    on: false,
    flowId: null,
    settings: DEFAULT_SETTINGS,
    status: 'idle',
    error: null,
    data: null,
    setOn: (on) => {
      set({ on })
      if (on) void get().load()
      else get().cancel()
    },
    setFlow: (flowId) => {
      if (get().flowId === flowId) return
      seq++
      set({ flowId, settings: { ...DEFAULT_SETTINGS, serverId: get().settings.serverId }, data: null, status: 'idle' })
      if (get().on) void get().load()
    },
    change: (patch) => {
      const next = { ...get().settings, ...patch }
      // Another source has other versions: the chosen ones mean nothing there.
      if (patch.serverId !== undefined && patch.serverId !== get().settings.serverId)
        Object.assign(next, { version: null, versus: null })
      if (next.version === null || next.versus === next.version) next.versus = null
      set({ settings: next })
      if (get().on) void get().load()
    },
    cancel: () => {
      seq++
      if (get().status === 'loading') set({ status: 'cancelled' })
    },
    load: async () => {
      const { flowId, settings: s } = get()
      if (!flowId) return
      const mine = ++seq
      set({ status: 'loading', error: null })
      const period = periodOf(s.days, now())
      const base = { flowId, ...period, ...(s.serverId ? { serverId: s.serverId } : {}) }
      let data: TrafficData | string
      if (s.version !== null && s.versus !== null) {
        const r = await client.call('traffic.compare', {
          ...base,
          versions: [s.version, s.versus],
          ...(s.goal ? { goal: s.goal } : {}),
        })
        data = r.ok
          ? { ...base, serverId: s.serverId, report: r.value.a, funnel: r.value.a.funnel, compare: r.value }
          : r.error.message
      } else {
        const q = { ...base, ...(s.version !== null ? { version: s.version } : {}) }
        const [report, funnel] = await Promise.all([
          client.call('traffic.overlay', q),
          s.goal ? client.call('traffic.funnel', { ...q, goal: s.goal }) : Promise.resolve(null),
        ])
        data = !report.ok
          ? report.error.message
          : funnel && !funnel.ok
            ? funnel.error.message
            : { ...base, serverId: s.serverId, report: report.value, funnel: funnel?.value ?? null, compare: null }
      }
      if (mine !== seq) return // a newer read, another flow, or Cancel
      if (typeof data === 'string') set({ status: 'error', error: data })
      else set({ status: 'ready', error: null, data })
    },
  }))
}

export type TrafficStore = ReturnType<typeof createTrafficStore>

/** The studio's one Traffic overlay. */
export const trafficStore = createTrafficStore()
export const useTraffic = <T>(pick: (s: TrafficState) => T): T => useStore(trafficStore, pick)

/** What the canvas of `flowId` draws now: the data read for it while the overlay is on, else null. */
export function shownTraffic(s: TrafficState, flowId: string): TrafficData | null {
  return s.on && s.data?.flowId === flowId ? s.data : null
}
