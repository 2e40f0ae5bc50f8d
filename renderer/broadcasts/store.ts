import { createStore } from 'zustand/vanilla'
import type { BroadcastTarget } from '../../shared/api/commands/broadcasts'
import type { BroadcastView, RecipientView } from '../../shared/broadcast'
import { getApi, type ApiClient } from '../api'
import type { RecipientStateName } from './model'

// The Broadcasts screen's state for one target (this studio, or a production server through its publish API): the
// list, the open broadcast with its results page, and the state filter. A live broadcast is read again on a timer by
// the screen (`refresh`); an answer that arrives after the target or the open broadcast changed is dropped.

export const RESULTS_PAGE = 100

/** 'studio', or the id of a production server (publish.servers.list). */
export type TargetKey = string

export const targetOf = (key: TargetKey): BroadcastTarget => (key === 'studio' ? 'studio' : { serverId: key })

export interface BroadcastsState {
  target: TargetKey
  list: BroadcastView[] | null
  listError: string | null
  open: BroadcastView | null
  openError: string | null
  filter: RecipientStateName | null
  recipients: RecipientView[]
  /** The `after` of the next results page, or null at the end. */
  next: number | null
  loadingRecipients: boolean
  /** A refused pause, resume, cancel or export: shown beside the buttons. */
  actionError: string | null
  busy: boolean
  setTarget(target: TargetKey): Promise<void>
  loadList(): Promise<void>
  openBroadcast(id: string | null): Promise<void>
  /** Reads the open broadcast and the first results page again (its progress moved). */
  refresh(): Promise<void>
  setFilter(state: RecipientStateName | null): Promise<void>
  more(): Promise<void>
  act(action: 'pause' | 'resume' | 'cancel'): Promise<void>
  resultsCsv(): Promise<{ fileName: string; text: string } | null>
}

/** `client`: the studio's by default; tests pass one over a temporary back end. */
export function createBroadcastsStore(initialTarget: TargetKey = 'studio', client?: ApiClient) {
  // Answers to a request made before the target or the open broadcast changed are dropped: one counter for the list,
  // one for the open broadcast and its results.
  let listGen = 0
  let generation = 0
  const call: ApiClient['call'] = (command, payload) => (client ?? getApi()).call(command, payload)
  return createStore<BroadcastsState>((set, get) => {
    const target = () => targetOf(get().target)
    /** The open broadcast's first results page under the filter, replacing what is shown. */
    async function firstPage(id: string, gen: number) {
      set({ loadingRecipients: true })
      const state = get().filter ?? undefined
      const r = await call('broadcasts.recipients', { target: target(), id, state, limit: RESULTS_PAGE })
      if (gen !== generation) return
      if (r.ok) set({ recipients: r.value.recipients, next: r.value.next, loadingRecipients: false })
      else set({ openError: r.error.message, loadingRecipients: false })
    }
    return {
      target: initialTarget,
      list: null,
      listError: null,
      open: null,
      openError: null,
      filter: null,
      recipients: [],
      next: null,
      loadingRecipients: false,
      actionError: null,
      busy: false,
      async setTarget(key) {
        generation++
        listGen++
        set({ target: key, list: null, listError: null, open: null, recipients: [], next: null })
        await get().loadList()
      },
      async loadList() {
        const gen = listGen
        const r = await call('broadcasts.list', { target: target() })
        if (gen !== listGen) return
        // A refresh that fails keeps the list shown and says why.
        if (r.ok) set({ list: r.value.broadcasts, listError: null })
        else set({ listError: r.error.message })
      },
      async openBroadcast(id) {
        const gen = ++generation
        set({ open: null, openError: null, recipients: [], next: null, filter: null, actionError: null })
        if (!id) return
        const r = await call('broadcasts.get', { target: target(), id })
        if (gen !== generation) return
        if (!r.ok) return set({ openError: r.error.message })
        set({ open: r.value.broadcast })
        await firstPage(id, gen)
      },
      async refresh() {
        const open = get().open
        if (!open) return get().loadList()
        const gen = generation
        const r = await call('broadcasts.get', { target: target(), id: open.id })
        if (gen !== generation) return
        if (!r.ok) return set({ openError: `Progress may be out of date: ${r.error.message}` })
        set({ open: r.value.broadcast, openError: null })
        // Deeper pages stay as they are while the person reads them; the first page follows the progress.
        if (get().recipients.length <= RESULTS_PAGE) await firstPage(open.id, gen)
      },
      async setFilter(state) {
        const open = get().open
        set({ filter: state, recipients: [], next: null })
        if (open) await firstPage(open.id, ++generation)
      },
      async more() {
        const { open, next, loadingRecipients } = get()
        if (!open || next === null || loadingRecipients) return
        const gen = generation
        set({ loadingRecipients: true })
        const state = get().filter ?? undefined
        const r = await call('broadcasts.recipients', {
          target: target(),
          id: open.id,
          state,
          after: next,
          limit: RESULTS_PAGE,
        })
        if (gen !== generation) return
        if (r.ok)
          set({
            recipients: [...get().recipients, ...r.value.recipients],
            next: r.value.next,
            loadingRecipients: false,
          })
        else set({ openError: r.error.message, loadingRecipients: false })
      },
      async act(action) {
        const open = get().open
        if (!open) return
        set({ busy: true, actionError: null })
        const r = await call(`broadcasts.${action}`, { target: target(), id: open.id })
        set({ busy: false })
        if (!r.ok) return set({ actionError: r.error.message })
        await get().refresh()
      },
      async resultsCsv() {
        const open = get().open
        if (!open) return null
        set({ actionError: null })
        const r = await call('broadcasts.resultsCsv', { target: target(), id: open.id })
        if (r.ok) return r.value
        set({ actionError: `The results could not be exported: ${r.error.message}` })
        return null
      },
    }
  })
}
