import { useStore } from 'zustand'
import { useEditorStore } from '../editor/context'
import type { EmulatorStore } from './session-store'

/** The flow's branch coverage and its untested branches, each a click away on the canvas. */
export function CoveragePanel({ store }: { store: EmulatorStore }) {
  const coverage = useStore(store, (s) => s.coverage)
  const editor = useEditorStore()
  if (!coverage) return <p className="emu-empty">Coverage appears after the first run.</p>
  const untested = coverage.branches.filter((b) => !b.covered)
  return (
    <div className="emu-coverage">
      <p>
        <strong data-testid="coverage-percent">{coverage.percent}%</strong> of branches covered ({coverage.covered} of{' '}
        {coverage.total}) by {coverage.runs} run{coverage.runs === 1 ? '' : 's'}
        {coverage.since ? ` since ${new Date(coverage.since).toLocaleString()}` : ''}.
      </p>
      <progress max={coverage.total || 1} value={coverage.covered} aria-label="Branch coverage" />
      {untested.length ? (
        <>
          <h4>Untested branches</h4>
          <ul className="emu-untested">
            {untested.map((b) => (
              <li key={`${b.nodeId}/${b.port}`}>
                <button
                  type="button"
                  onClick={() => {
                    editor.getState().select([b.nodeId], b.edgeId ? [b.edgeId] : [])
                    editor.getState().openPanel(b.nodeId)
                  }}
                >
                  {b.nodeName} → {b.portLabel || b.port}
                  {b.edgeId ? '' : ' (not connected)'}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Every branch has been taken.</p>
      )}
    </div>
  )
}
