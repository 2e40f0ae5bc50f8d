import { Flag, Timer } from 'lucide-react'
import { count, duration } from './format'
import type { NodeSide, NodeTraffic } from './marks'
import './traffic.css'

/** "57 waiting · 3 expired · 20 ended": what the stopped runs did, and those that ended here. */
function breakdown(s: NodeSide): string {
  const parts: [number, string][] = [
    [s.waiting, 'waiting'],
    [s.abandoned, 'abandoned'],
    [s.expired, 'expired'],
    [s.failed, 'failed'],
    [s.ended, 'ended'],
  ]
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${count(n)} ${what}`)
    .join(' · ')
}

/**
 * A card's traffic over its top edge (the card's own box and ports stay as they are, card-layout.ts): runs that
 * reached it and stopped there, per version side by side, the median answer time at a waiting node, the goal's flag.
 * The breakdown of the stopped runs shows while the card is hovered, focused or selected (traffic.css); every figure
 * is also in the card's description (its tooltip and what a screen reader hears).
 */
export function TrafficBadge({ traffic }: { traffic: NodeTraffic }) {
  return (
    <div
      className="flow-card-traffic"
      title={traffic.description}
      aria-hidden="true"
      data-goal={traffic.goal || undefined}
    >
      {traffic.sides.map((s, i) => (
        <div key={i} className="traffic-side" data-reached={s.reached}>
          {traffic.goal && i === 0 && <Flag size={11} className="traffic-goal-flag" aria-hidden="true" />}
          {s.label && <span className="traffic-version">{s.label}</span>}
          {s.reached ? (
            <>
              <span className="traffic-reached">
                <strong>{count(s.reached)}</strong> reached
              </span>
              {s.stopped > 0 && (
                <span className="traffic-stopped">
                  <strong>{count(s.stopped)}</strong> stopped
                </span>
              )}
              {s.medianAnswerMs !== null && (
                <span className="traffic-answer" title={`Median answer time of ${count(s.answers)} answers`}>
                  <Timer size={11} aria-hidden="true" />
                  {duration(s.medianAnswerMs)}
                </span>
              )}
              {breakdown(s) && <span className="traffic-more">{breakdown(s)}</span>}
            </>
          ) : (
            <span className="traffic-unreached">not reached</span>
          )}
        </div>
      ))}
    </div>
  )
}
