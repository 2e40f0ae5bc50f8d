import type { TraceEvent } from '../../shared/engine'
import { JsonTree } from './JsonTree'
import { readDetail } from './step-detail'
import './step-detail.css'

/**
 * Why a node chose its port, as its trace step tells it (TraceEvent.detail): for an Intent node, every intent's
 * score as a small table (highest first, the chosen port marked) and the provider that scored them. Shown in Flow
 * Logs and the emulator's step trace; other details are shown as data.
 */
export function StepDetail({ event }: { event: Pick<TraceEvent, 'detail' | 'port' | 'nodeName'> }) {
  const detail = readDetail(event.detail)
  if (!detail) return null
  return (
    <div className="step-detail" data-testid="step-detail">
      {detail.provider && (
        <p className="step-provider">
          Provider: <strong>{detail.provider.label}</strong>
          {detail.provider.hint && <span className="step-provider-hint"> ({detail.provider.hint})</span>}
        </p>
      )}
      {detail.scores.length > 0 && (
        <table className="step-scores" aria-label={`Scores of ${event.nodeName}`}>
          <thead>
            <tr>
              <th scope="col">Intent</th>
              <th scope="col">Score</th>
            </tr>
          </thead>
          <tbody>
            {detail.scores.map(({ name, score }) => {
              const chosen = name === event.port
              return (
                <tr key={name} className={chosen ? 'chosen' : undefined} aria-current={chosen ? 'true' : undefined}>
                  <th scope="row">
                    {name}
                    {chosen && <span className="step-chosen"> (taken)</span>}
                  </th>
                  <td>
                    <span className="step-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round(score * 100)}%` }} />
                    </span>
                    {score.toFixed(2)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {detail.rest && <JsonTree value={detail.rest} openDepth={1} />}
    </div>
  )
}
