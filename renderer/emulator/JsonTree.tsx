// A value as a tree: objects and lists fold open (native <details>, so the keyboard and screen readers know them),
// leaves are their JSON. Deep or long values start folded past the first level. Memoised: a value the session store
// kept (keep-equal.ts) is the same object after a Step, and its subtree is neither drawn nor touched again.
import { memo } from 'react'

export const JsonTree = memo(function JsonTree({
  value,
  label,
  depth = 0,
}: {
  value: unknown
  label?: string
  depth?: number
}) {
  if (value === null || typeof value !== 'object') {
    return (
      <span className="json-leaf">
        {label !== undefined && <span className="json-key">{label}: </span>}
        <code>{JSON.stringify(value) ?? 'undefined'}</code>
      </span>
    )
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <details className="json-node" open={depth === 0 && entries.length <= 12}>
      <summary>
        {label !== undefined && <span className="json-key">{label}: </span>}
        <span className="json-count">{summary}</span>
      </summary>
      <ul>
        {entries.map(([k, v]) => (
          <li key={k}>
            <JsonTree value={v} label={k} depth={depth + 1} />
          </li>
        ))}
      </ul>
    </details>
  )
})
