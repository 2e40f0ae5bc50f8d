// The open emulator session's variables for the builder's preview. The emulator panel keeps its session store to
// itself, so the builder asks the back end for the same session (the test contact's latest run of this flow) and
// asks again whenever a run of the flow moves (emulator.updated), while the emulator panel is open.
import { useEffect, useState } from 'react'
import type { Vars } from '../../shared/expr'
import { api } from '../api'
import { useOverlayStore } from '../emulator/overlay-store'

export function useEmulatorSessionVars(flowId: string): Vars | null {
  const open = useOverlayStore((s) => s.open)
  const [vars, setVars] = useState<Vars | null>(null)
  useEffect(() => {
    if (!open) {
      setVars(null)
      return
    }
    let alive = true
    let contactId: string | null = null
    const load = async () => {
      if (!contactId) {
        const c = await api.call('emulator.contact', {})
        if (!c.ok) return
        contactId = c.value.id
      }
      const s = await api.call('emulator.session', { flowId, contactId })
      if (alive) setVars(s.ok && s.value.run ? s.value.run.vars : null)
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
  return vars
}
