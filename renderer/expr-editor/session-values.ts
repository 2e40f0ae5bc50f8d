// The open emulator session's variables for the builder's preview. The emulator panel keeps its session store to
// itself, so the builder asks the back end for the same session (the test contact's latest run of this flow) and
// asks again whenever a run of the flow moves (emulator.updated), while the emulator panel is open.
import { useEffect, useState } from 'react'
import type { Vars } from '../../shared/expr'
import { api } from '../api'
import { useOverlayStore } from '../emulator/overlay-store'

export interface SessionValues {
  /** The session's variables, or null when no session is open for this flow (or it could not be read). */
  vars: Vars | null
  /** Why the session could not be read; the preview says so instead of looking as if no session were open. */
  error: string | null
}

export function useEmulatorSessionVars(flowId: string): SessionValues {
  const open = useOverlayStore((s) => s.open)
  const [vars, setVars] = useState<Vars | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!open) {
      setVars(null)
      setError(null)
      return
    }
    let alive = true
    let contactId: string | null = null
    const load = async () => {
      if (!contactId) {
        const c = await api.call('emulator.contact', {})
        if (!alive) return
        if (!c.ok) {
          setError(c.error.message)
          return
        }
        contactId = c.value.id
      }
      const s = await api.call('emulator.session', { flowId, contactId })
      if (!alive) return
      setError(s.ok ? null : s.error.message)
      setVars(s.ok && s.value.run ? s.value.run.vars : null)
    }
    void load()
    const off = api.on('emulator.updated', (e) => {
      if (e.flowId !== flowId) return
      // The emulator may have moved to another test contact ("New contact"); follow the one whose run moved.
      if (e.contactId) contactId = e.contactId
      void load()
    })
    return () => {
      alive = false
      off()
    }
  }, [open, flowId])
  return { vars, error }
}
