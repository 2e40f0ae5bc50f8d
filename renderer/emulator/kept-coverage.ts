import { useEffect } from 'react'
import { api } from '../api'
import type { EditorStore } from '../editor/store'
import { overlayOf } from './overlay'
import { useOverlayStore } from './overlay-store'
import { sessionShown } from './through-runs'

/**
 * With "Keep coverage on canvas" on, a flow opened with the emulator closed shows its last test session anyway: the
 * default test contact's session (its path) and the flow's coverage, read from the back end as the emulator does.
 */
export function useKeptCoverage(flowId: string, store: EditorStore): void {
  const keep = useOverlayStore((s) => s.keep)
  const open = useOverlayStore((s) => s.open)
  useEffect(() => {
    if (!keep || open || useOverlayStore.getState().flowId === flowId) return
    let live = true
    void (async () => {
      const [contact, coverage] = await Promise.all([
        api.call('emulator.contact', {}),
        api.call('emulator.coverage', { flowId }),
      ])
      const session = contact.ok ? await api.call('emulator.session', { flowId, contactId: contact.value.id }) : null
      if (!live) return
      // The editor's notice says why no coverage is drawn, so an empty canvas is not taken for an untested flow.
      const failed = !coverage.ok
        ? coverage.error
        : !contact.ok
          ? contact.error
          : session && !session.ok
            ? session.error
            : null
      if (failed) store.setState({ notice: `The kept coverage could not be read: ${failed.message}` })
      if (!coverage.ok) return
      const o = useOverlayStore.getState()
      if (o.flowId === flowId) return // the emulator or a logged run got there first
      o.setOverlay(
        overlayOf(store.getState().doc, sessionShown(flowId, session?.ok ? session.value : null), coverage.value),
      )
    })()
    return () => {
      live = false
    }
  }, [flowId, keep, open, store])
}
