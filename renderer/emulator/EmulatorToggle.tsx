import { useEffect } from 'react'
import { Play, X } from 'lucide-react'
import { useOverlayStore } from './overlay-store'
import { TrafficToggle } from '../traffic/TrafficToggle'
import './toggle.css'

/** The "Test" button over the canvas (Alt+T does the same), and the switch that keeps the last test session's
 *  coverage drawn on the canvas after the emulator closes. */
export function EmulatorToggle() {
  const open = useOverlayStore((s) => s.open)
  const keep = useOverlayStore((s) => s.keep)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Alt+Shift+T is the Traffic switch beside it (renderer/traffic/TrafficToggle.tsx).
      if (e.altKey && !e.shiftKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 't') {
        e.preventDefault()
        useOverlayStore.getState().toggleOpen()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <div className="canvas-actions">
      <TrafficToggle />
      <label
        className="keep-coverage"
        title="Keep the last test session's path and coverage on the canvas after the emulator closes"
      >
        <input
          type="checkbox"
          role="switch"
          checked={keep}
          onChange={(e) => useOverlayStore.getState().setKeep(e.target.checked)}
        />
        Keep coverage on canvas
      </label>
      <button
        type="button"
        className="emulator-toggle"
        aria-pressed={open}
        title="Test this flow in the phone emulator (Alt+T)"
        onClick={() => useOverlayStore.getState().toggleOpen()}
      >
        {open ? <X size={14} aria-hidden="true" /> : <Play size={14} aria-hidden="true" />}
        {open ? 'Close test' : 'Test'}
      </button>
    </div>
  )
}
