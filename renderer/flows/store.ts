import { create } from 'zustand'
import type { FlowSort, FlowSummary, Result } from '../../shared/api'
import { api, type ApiClient } from '../api'

export interface FlowsState {
  flows: FlowSummary[]
  loaded: boolean
  /** Why the list itself could not be loaded: shown in its place, with a way to try again. */
  loadError: string | null
  /** The last failure to show the user, in words. */
  error: string | null
  search: string
  sort: FlowSort
  load(): Promise<void>
  create(): Promise<FlowSummary | null>
  rename(id: string, name: string): Promise<boolean>
  duplicate(id: string): Promise<FlowSummary | null>
  setActive(id: string, active: boolean): Promise<void>
  remove(id: string): Promise<boolean>
  restore(id: string): Promise<void>
  setSearch(search: string): void
  setSort(sort: FlowSort): void
  dismissError(): void
}

const SORT_SETTING = 'flows.sort'

/** The flows list's state over the contract. `client` is injectable so the store can be tested against a back end. */
export function createFlowsStore(client: ApiClient = api) {
  return create<FlowsState>()((set, get) => {
    const unwrap = <T>(result: Result<T>): T | null => {
      if (result.ok) return result.value
      set({ error: result.error.message })
      return null
    }
    const replace = (flow: FlowSummary) => set({ flows: get().flows.map((f) => (f.id === flow.id ? flow : f)) })

    return {
      flows: [],
      loaded: false,
      loadError: null,
      error: null,
      search: '',
      sort: 'updated',
      async load() {
        const [flows, sort] = await Promise.all([
          client.call('flows.list', {}),
          client.call('settings.get', { key: SORT_SETTING }),
        ])
        // A list that has loaded once stays on screen when a reload fails; the banner says why it may be stale.
        if (flows.ok) set({ flows: flows.value, loaded: true, loadError: null })
        else if (get().loaded) set({ error: `The flows list could not be refreshed: ${flows.error.message}` })
        else set({ loadError: flows.error.message })
        // Both failing (the back end is gone) is said once, by the list.
        if (!sort.ok && flows.ok) set({ error: `The saved sort order was not applied: ${sort.error.message}` })
        else if (sort.ok && (sort.value.value === 'name' || sort.value.value === 'updated'))
          set({ sort: sort.value.value })
      },
      async create() {
        const flow = unwrap(await client.call('flows.create', {}))
        if (flow) set({ flows: [flow, ...get().flows.filter((f) => f.id !== flow.id)], search: '' })
        return flow
      },
      async rename(id, name) {
        const flow = unwrap(await client.call('flows.rename', { id, name }))
        if (flow) replace(flow)
        return flow !== null
      },
      async duplicate(id) {
        const copy = unwrap(await client.call('flows.duplicate', { id }))
        if (copy) set({ flows: [copy, ...get().flows.filter((f) => f.id !== copy.id)] })
        return copy
      },
      async setActive(id, active) {
        // The switch flips at once; the back end's answer confirms it or puts it back.
        const before = get().flows.find((f) => f.id === id)
        if (before) replace({ ...before, active })
        const flow = unwrap(await client.call('flows.setActive', { id, active }))
        if (flow) replace(flow)
        else if (before) replace(before)
      },
      async remove(id) {
        const done = unwrap(await client.call('flows.delete', { id }))
        if (done) set({ flows: get().flows.filter((f) => f.id !== id) })
        return done !== null
      },
      async restore(id) {
        const flow = unwrap(await client.call('flows.restore', { id }))
        if (flow) set({ flows: [flow, ...get().flows.filter((f) => f.id !== id)] })
      },
      setSearch: (search) => set({ search }),
      setSort(sort) {
        set({ sort })
        void client.call('settings.set', { key: SORT_SETTING, value: sort }).then((r) => {
          if (!r.ok) set({ error: `The sort order could not be saved: ${r.error.message}` })
        })
      },
      dismissError: () => set({ error: null }),
    }
  })
}

/** What the list shows: the search applied, then the chosen order. */
export function visibleFlows(flows: FlowSummary[], search: string, sort: FlowSort): FlowSummary[] {
  const needle = search.trim().toLocaleLowerCase()
  const found = needle ? flows.filter((f) => f.name.toLocaleLowerCase().includes(needle)) : flows
  const byName = (a: FlowSummary, b: FlowSummary) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id)
  return [...found].sort(sort === 'name' ? byName : (a, b) => b.updatedAt - a.updatedAt || byName(a, b))
}

export const useFlows = createFlowsStore()
