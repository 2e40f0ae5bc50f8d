// The emulator form's Data Exchange: when a Chat Flow opens with flow_action=data_exchange and names an endpoint, the
// screens follow the endpoint's replies (INIT, data_exchange, BACK) through the back end, as on the phone; SUCCESS
// hands back the submission. Without an endpoint the form runs from the node's screens alone (this returns null).
import { useEffect, useRef, useState } from 'react'
import type { ChatFlowConfig } from '../../shared/nodes/chat_flow/definition'
import type { FlowEndpointAction } from '../../shared/nodes/chat_flow/endpoint'
import { api } from '../api'

export interface FlowEndpointForm {
  /** Index of the screen the endpoint asked for; null while INIT is on its way or after it failed. */
  index: number | null
  busy: boolean
  /** data.error_message of the last reply, shown over the screen (the phone's snackbar). */
  notice: string | null
  /** Why the endpoint could not be used: the form cannot go on. */
  failure: string | null
  /** Sends the screen's inputs; resolves with the submission when the endpoint answered SUCCESS. */
  submit(data: Record<string, unknown>): Promise<Record<string, unknown> | null>
  /** Back to the previous screen (asks the endpoint again when that screen has refreshOnBack); false on the first. */
  back(): boolean
}

export function useFlowEndpoint(config: ChatFlowConfig, flowToken: string): FlowEndpointForm | null {
  const active = config.action === 'data_exchange' && config.endpoint.url.trim() !== ''
  const [trail, setTrail] = useState<number[]>([])
  const [busy, setBusy] = useState(active)
  const [notice, setNotice] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)

  const ask = async (action: FlowEndpointAction, screen?: string, data?: Record<string, unknown>) => {
    setBusy(true)
    setNotice(null)
    const r = await api.call('integrations.flowEndpoint', {
      endpoint: config.endpoint,
      request: { version: '3.0', action, screen, data: data as never, flow_token: flowToken },
    })
    setBusy(false)
    const outcome = r.ok ? r.value : null
    if (!outcome?.reply) {
      setFailure(outcome?.error?.message ?? (r.ok ? 'The endpoint gave no reply.' : r.error.message))
      return null
    }
    return outcome.reply
  }
  const indexOf = (id: string | null) => (id === null ? -1 : config.screens.findIndex((s) => s.id === id))
  const show = (id: string | null, replace = false): boolean => {
    const i = indexOf(id)
    if (i < 0) {
      setFailure(`The endpoint asked for screen '${id}', which this form does not have.`)
      return false
    }
    setTrail((t) => (replace ? [...t.slice(0, -1), i] : [...t, i]))
    return true
  }

  useEffect(() => {
    if (!active || started.current) return
    started.current = true
    void ask('INIT').then((reply) => {
      if (reply?.kind === 'screen') show(reply.screen)
      else if (reply) setFailure(`The endpoint answered INIT with ${reply.kind}; it must name the first screen.`)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- INIT once per opened form
  }, [active])

  if (!active) return null
  const index = trail.length ? trail[trail.length - 1]! : null
  return {
    index,
    busy,
    notice,
    failure,
    async submit(data) {
      const screen = index === null ? undefined : config.screens[index]?.id
      const reply = await ask('data_exchange', screen, data)
      if (!reply) return null
      if (reply.kind === 'complete') return reply.params
      if (reply.kind === 'error_message') setNotice(reply.message)
      else if (reply.kind === 'screen') show(reply.screen)
      return null
    },
    back() {
      if (trail.length < 2) return false
      const previous = trail[trail.length - 2]!
      setTrail((t) => t.slice(0, -1))
      const screen = config.screens[previous]
      if (screen?.refreshOnBack)
        void ask('BACK', screen.id).then((reply) => reply?.kind === 'screen' && show(reply.screen, true))
      return true
    },
  }
}
