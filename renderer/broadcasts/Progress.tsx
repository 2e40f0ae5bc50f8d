import { progressOf, type Counts } from './model'

/** A bar with its figures beside it: "120 of 500 (24 %)". The bar is the native progress element (a role and value
 *  for assistive technology); the text says the same for everyone. */
export function Progress({ counts, label }: { counts: Counts; label: string }) {
  const p = progressOf(counts)
  return (
    <span className="broadcast-progress">
      <progress value={p.total === 0 ? 1 : p.finished} max={Math.max(1, p.total)} aria-label={label} />
      <span>
        {p.finished.toLocaleString()} of {p.total.toLocaleString()} ({p.percent} %)
      </span>
    </span>
  )
}
