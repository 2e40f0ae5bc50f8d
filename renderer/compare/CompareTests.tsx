import { useEffect, useState } from 'react'
import type { CompareSide, TestsCompared } from '../../shared/api/commands/compare'
import { api } from '../api'
import type { Side } from './compare-store'
import type { ShownComparison } from './useComparison'

// The flow's saved conversation tests on both sides, run when asked (they take a while on a big suite): which pass
// on one side and fail on the other, and the branches the tests took on the older side that the newer flow lost.

const refOf = (side: Side): CompareSide =>
  side.kind === 'draft'
    ? { stored: true }
    : side.kind === 'revision'
      ? { revision: side.revision }
      : { document: side.doc }

type State =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; result: TestsCompared; stale: boolean }
  | { state: 'failed'; message: string }

export function CompareTests({
  flowId,
  shown,
  flush,
  draftVersion,
}: {
  flowId: string
  shown: ShownComparison
  flush(): Promise<void>
  draftVersion: number
}) {
  const [s, setS] = useState<State>({ state: 'idle' })
  const usesDraft = shown.before.kind === 'draft' || shown.after.kind === 'draft'
  const { before, after } = shown

  // A result read against another pair of sides, or a draft edited since, is marked as such, not silently kept.
  useEffect(() => setS({ state: 'idle' }), [before, after])
  useEffect(() => {
    if (usesDraft) setS((p) => (p.state === 'done' ? { ...p, stale: true } : p))
  }, [draftVersion, usesDraft])

  useEffect(
    () =>
      api.on('compare.testsProgress', (p) => {
        if (p.flowId === flowId) setS((prev) => (prev.state === 'running' ? { ...prev, ...p } : prev))
      }),
    [flowId],
  )

  const run = async () => {
    setS({ state: 'running', done: 0, total: 0 })
    if (usesDraft) await flush()
    const r = await api.call('compare.runTests', { flowId, before: refOf(before), after: refOf(after) })
    if (r.ok) setS({ state: 'done', result: r.value, stale: false })
    else if (r.error.code === 'cancelled') setS({ state: 'idle' })
    else setS({ state: 'failed', message: r.error.message })
  }
  const cancel = () => void api.call('compare.cancelTests', { flowId })

  return (
    <section className="compare-tests" aria-label="Tests on both sides">
      <h3>Tests</h3>
      {s.state === 'running' ? (
        <div className="compare-progress">
          <progress max={s.total || 1} value={s.done} aria-label="Tests played" />
          <span role="status">{s.total ? `Played ${s.done} of ${s.total}` : 'Starting…'}</span>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => void run()}>
          {s.state === 'done' ? 'Run the tests again' : 'Run the tests on both sides'}
        </button>
      )}
      {s.state === 'failed' && <p role="alert">The tests could not be run: {s.message}</p>}
      {s.state === 'done' && (
        <TestsResult result={s.result} stale={s.stale} before={before.label} after={after.label} />
      )}
    </section>
  )
}

function TestsResult({
  result,
  stale,
  before,
  after,
}: {
  result: TestsCompared
  stale: boolean
  before: string
  after: string
}) {
  const verdict = (p: boolean) => (p ? 'passes' : 'fails')
  const differ = result.tests.filter((t) => t.before.passed !== t.after.passed)
  return (
    <div>
      {stale && <p className="muted">The draft changed since: run again for its current state.</p>}
      <p role="status">
        {result.tests.length === 0
          ? 'This flow has no saved tests.'
          : `${result.differ} of ${result.tests.length} test${result.tests.length === 1 ? '' : 's'} differ between the sides. Branches covered: ${result.covered.before} of ${result.covered.totalBefore} → ${result.covered.after} of ${result.covered.totalAfter}.`}
      </p>
      {differ.length > 0 && (
        <ul aria-label="Tests that differ">
          {differ.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>: {verdict(t.before.passed)} on {before}, {verdict(t.after.passed)} on {after}
              {!t.after.passed && t.after.failures[0] && (
                <pre className="compare-failure">
                  {t.after.failures[0].where}
                  {'\n'}
                  {t.after.failures[0].lines.join('\n')}
                </pre>
              )}
            </li>
          ))}
        </ul>
      )}
      {result.lost.length > 0 && (
        <>
          <h4>Branches the tests no longer cover</h4>
          <ul aria-label="Branches lost">
            {result.lost.map((b) => (
              <li key={`${b.nodeId}/${b.port}`}>
                {b.nodeName} → {b.portLabel || b.port}
                {b.gone ? ' (gone from the newer flow)' : ' (no longer reached)'}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
