import { useEffect, useState } from 'react'
import type { GeneratedSuite } from '../../shared/api/commands/emulator-tests'
import type { ApiError } from '../../shared/api'
import { api } from '../api'

interface Progress {
  phase: 'analysis' | 'starts' | 'targets' | 'explore' | 'write'
  played: number
  covered: number
  total: number
  elapsedMs: number
}

/** What the generator is doing, as the progress line says it. */
/** How long the generator may explore (the CLI's --time): a large flow finds more branches with more time. */
const BUDGETS = [
  { seconds: 10, label: '10 s' },
  { seconds: 30, label: '30 s' },
  { seconds: 120, label: '2 min' },
]

const PHASES: Record<Progress['phase'], string> = {
  analysis: 'Checking which branches no run can take',
  starts: 'Looking for start values that take branches',
  targets: 'Looking for answers that take branches',
  explore: 'Exploring',
  write: 'Writing and checking tests',
}

/**
 * "Generate tests": the back end explores the flow as saved and replaces the tests it generated before with a suite
 * that takes every reachable branch. Progress while it works, with Cancel (the back end stops and saves nothing);
 * then what it wrote, the coverage, each branch it could not take with the reason, and what the time did not allow.
 */
export function GenerateTests({ flowId, onDone }: { flowId: string; onDone: () => void }) {
  const [running, setRunning] = useState(false)
  const [progress, setProgress] = useState<Progress | null>(null)
  const [result, setResult] = useState<GeneratedSuite | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [cancelling, setCancelling] = useState(false)
  const [seconds, setSeconds] = useState(BUDGETS[0]!.seconds)

  useEffect(() => {
    setResult(null)
    return api.on('emulator.generateProgress', (p) => {
      if (p.flowId === flowId) setProgress(p)
    })
  }, [flowId])

  const generate = async () => {
    setRunning(true)
    setError(null)
    setResult(null)
    setProgress(null)
    setCancelling(false)
    const r = await api.call('emulator.generateTests', { flowId, seconds })
    setRunning(false)
    if (!r.ok) return setError(r.error)
    setResult(r.value)
    onDone()
  }

  const cancel = async () => {
    setCancelling(true)
    const r = await api.call('emulator.cancelGenerate', { flowId })
    if (!r.ok) {
      setCancelling(false)
      setError(r.error)
    }
  }

  return (
    <section className="emu-generate" aria-label="Generate tests">
      <button
        type="button"
        onClick={() => void generate()}
        disabled={running}
        title="Write tests that take every branch this flow can take"
      >
        {running ? 'Generating…' : 'Generate tests'}
      </button>
      <label className="emu-generate-time" title="How long the generator may explore; it writes what it found by then">
        Explore for{' '}
        <select value={seconds} disabled={running} onChange={(e) => setSeconds(Number(e.target.value))}>
          {BUDGETS.map((b) => (
            <option key={b.seconds} value={b.seconds}>
              {b.label}
            </option>
          ))}
        </select>
      </label>
      {running && (
        <button
          type="button"
          onClick={() => void cancel()}
          disabled={cancelling}
          title="Stop generating; nothing is saved"
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      )}
      {running && (
        <p role="status" className="emu-generate-progress">
          {progress
            ? `${PHASES[progress.phase]}: ${progress.played} conversation${progress.played === 1 ? '' : 's'}, ${progress.covered} of ${progress.total} branches taken`
            : 'Exploring the flow…'}
          {progress && <progress max={progress.total} value={progress.covered} aria-label="Branches taken" />}
        </p>
      )}
      {error && (
        <p className="emu-error" role="alert">
          {error.message}
        </p>
      )}
      {result && <Summary result={result} />}
    </section>
  )
}

function Summary({ result }: { result: GeneratedSuite }) {
  const n = result.tests.length
  const seconds = (result.elapsedMs / 1000).toFixed(1)
  return (
    <div className="emu-generate-result" role="status">
      <p>
        <strong>
          {n} test{n === 1 ? '' : 's'} generated
        </strong>{' '}
        in {seconds} s · coverage {result.covered}/{result.total} branches
        {result.gaveUp ? ` · gave up exploring after ${seconds} s` : ''}
      </p>
      {(result.flows?.length ?? 0) > 1 && (
        <ul aria-label="Coverage of the flows it calls">
          {result.flows!.slice(1).map((f) => (
            <li key={f.flowId}>
              {f.flowName} (called): {f.covered}/{f.total} branches
            </li>
          ))}
        </ul>
      )}
      {result.unreached.length > 0 && (
        <ul aria-label="Branches not taken">
          {result.unreached.map((u) => (
            <li
              key={`${u.flowId ?? ''}/${u.nodeId}/${u.port}`}
              className={u.proven ? 'emu-unreachable' : 'emu-not-found'}
            >
              <strong>
                {u.flowName ? `${u.flowName}: ` : ''}
                {u.nodeName} → {u.portLabel}
              </strong>
              : {u.reason}
            </li>
          ))}
        </ul>
      )}
      {result.unfinished.length > 0 && (
        <ul aria-label="Not finished in time">
          {result.unfinished.map((u) => (
            <li key={u} className="emu-not-found">
              Not finished in time: {u}
            </li>
          ))}
        </ul>
      )}
      {result.dropped.map((d) => (
        <p key={d.name} className="emu-error">
          Not saved: {d.name} did not pass when played again ({d.why})
        </p>
      ))}
    </div>
  )
}
