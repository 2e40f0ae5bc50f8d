import { useEffect } from 'react'
import { overlayCss } from './overlay'
import { useOverlayStore } from './overlay-store'

/** The "Test" button over the canvas; Alt+T does the same. */
export function EmulatorToggle() {
  const open = useOverlayStore((s) => s.open)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 't') {
        e.preventDefault()
        useOverlayStore.getState().toggleOpen()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        className="emulator-toggle"
        aria-pressed={open}
        title="Test this flow in the phone emulator (Alt+T)"
        onClick={() => useOverlayStore.getState().toggleOpen()}
      >
        {open ? 'Close test' : '▶ Test'}
      </button>
      <CanvasOverlayStyle />
    </>
  )
}

/** The path and coverage drawn over the canvas while the emulator is open. */
function CanvasOverlayStyle() {
  const css = useOverlayStore((s) => (s.visible ? overlayCss(s) : ''))
  return css ? <style data-testid="canvas-overlay">{css}</style> : null
}
