import { useEffect } from 'react'
import { useEditor } from '../editor/context'
import { trafficStore, useTraffic } from './store'

/**
 * The "Traffic" switch beside "Keep coverage on canvas": draws where runs go and stop on the canvas, with the Traffic
 * panel to choose whose runs, the period, the version and a goal. Alt+Shift+T does the same.
 */
export function TrafficToggle() {
  const on = useTraffic((s) => s.on)
  const flowId = useEditor((s) => s.doc.id)
  useEffect(() => trafficStore.getState().setFlow(flowId), [flowId])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 't') {
        e.preventDefault()
        trafficStore.getState().setOn(!trafficStore.getState().on)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <label
      className="keep-coverage traffic-toggle"
      title="Draw where runs go and where they stop, from this studio or a production server (Alt+Shift+T)"
    >
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => trafficStore.getState().setOn(e.target.checked)}
      />
      Traffic
    </label>
  )
}
