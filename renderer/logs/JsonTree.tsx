// A collapsible JSON tree: objects and arrays fold (open to `openDepth`), scalars show typed. Large arrays show
// their first 200 items so one huge HTTP response cannot freeze the trace view.

const MAX_ITEMS = 200

export function JsonTree({ value, label, openDepth = 1 }: { value: unknown; label?: string; openDepth?: number }) {
  return (
    <div className="json-tree">
      <Node value={value} label={label} depth={0} openDepth={openDepth} />
    </div>
  )
}

function Node({
  value,
  label,
  depth,
  openDepth,
}: {
  value: unknown
  label?: string
  depth: number
  openDepth: number
}) {
  const key = label !== undefined ? <span className="json-key">{label}: </span> : null
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf">
        {key}
        <Scalar value={value} />
      </div>
    )
  }
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.slice(0, MAX_ITEMS).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)
  const total = Array.isArray(value) ? value.length : Object.keys(value).length
  const brackets = Array.isArray(value) ? `[${total}]` : `{${total}}`
  if (!total) {
    return (
      <div className="json-leaf">
        {key}
        <span className="json-empty">{Array.isArray(value) ? '[]' : '{}'}</span>
      </div>
    )
  }
  return (
    <details open={depth < openDepth}>
      <summary>
        {key}
        <span className="json-count">{brackets}</span>
      </summary>
      <div className="json-children">
        {entries.map(([k, v]) => (
          <Node key={k} label={k} value={v} depth={depth + 1} openDepth={openDepth} />
        ))}
        {total > MAX_ITEMS && <div className="json-more">… {total - MAX_ITEMS} more</div>}
      </div>
    </details>
  )
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-string">"{value}"</span>
  if (typeof value === 'number') return <span className="json-number">{value}</span>
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>
  if (value === null) return <span className="json-null">null</span>
  return <span className="json-null">{String(value)}</span>
}
