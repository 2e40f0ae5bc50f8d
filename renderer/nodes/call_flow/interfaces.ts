import { useEffect, useState } from 'react'
import type { FlowInterfaceSummary } from '../../../shared/api'
import { api } from '../../api'

export type FlowsState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; flows: FlowInterfaceSummary[] }

/** The studio's flows with their interfaces (flows.interfaces), read again whenever a flow changes. */
export function useFlowInterfaces(): FlowsState {
  const [state, setState] = useState<FlowsState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    const load = () =>
      void api.call('flows.interfaces', {}).then((r) => {
        if (!live) return
        // A failed refresh keeps what is shown; a failed first read says why where the picker would be.
        if (r.ok) setState({ kind: 'ready', flows: r.value })
        else setState((s) => (s.kind === 'ready' ? s : { kind: 'error', message: r.error.message }))
      })
    load()
    const off = api.on('flows.changed', load)
    return () => {
      live = false
      off()
    }
  }, [])
  return state
}
