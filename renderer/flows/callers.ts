// The flows that call a flow, listed before it is renamed or deleted (flows.callers): a deleted callee makes every
// call to it fail; a renamed one keeps working (calls name a flow by its id), but its callers show the new name.
import { useEffect, useState } from 'react'
import type { FlowCaller } from '../../shared/api'
import { api } from '../api'

export type CallersState =
  { status: 'loading' } | { status: 'ok'; callers: FlowCaller[] } | { status: 'error'; message: string }

export function useCallers(flowId: string | null): CallersState {
  const [state, setState] = useState<CallersState>({ status: 'loading' })
  useEffect(() => {
    if (!flowId) return
    let live = true
    setState({ status: 'loading' })
    void api.call('flows.callers', { id: flowId }).then((r) => {
      if (live) setState(r.ok ? { status: 'ok', callers: r.value } : { status: 'error', message: r.error.message })
    })
    return () => {
      live = false
    }
  }, [flowId])
  return state
}

/** "Orders (call_verify) and Billing (call_verify, call_again)". */
export function callerList(callers: readonly FlowCaller[]): string {
  const each = callers.map((c) => `“${c.flowName}” (${c.nodes.join(', ')})`)
  return each.length < 2 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`
}

/** What deleting the flow does to its callers, for the confirmation. */
export function deleteCallersText(state: CallersState): string {
  if (state.status === 'loading') return 'Checking which flows call it…'
  if (state.status === 'error') return `Which flows call it could not be checked: ${state.message}`
  if (!state.callers.length) return 'No flow calls it.'
  const n = state.callers.length
  return `${n === 1 ? 'One flow calls' : `${n} flows call`} it: ${callerList(state.callers)}. Their calls will fail until they call another flow.`
}

/** What renaming the flow does to its callers, shown under the name field; null when nothing calls it. */
export function renameCallersText(state: CallersState): string | null {
  if (state.status === 'loading') return null
  if (state.status === 'error') return `Which flows call it could not be checked: ${state.message}`
  if (!state.callers.length) return null
  return `Called by ${callerList(state.callers)}. Calls name the flow by its id, so they keep working under the new name.`
}
