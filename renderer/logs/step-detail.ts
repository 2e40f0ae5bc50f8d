// Reads a trace step's `detail` for display (StepDetail.tsx). The engine keeps detail as plain data the node chose
// (shared/engine/types.ts); the shape the Intent node writes, { scores, provider }, gets a table, anything else is
// shown as data. A value that is not the expected shape is never dropped: it lands in `rest`.

export interface ReadDetail {
  /** Highest first; ties by name, so the table does not reorder between runs. */
  scores: Array<{ name: string; score: number }>
  provider: { label: string; hint?: string } | null
  /** What else the detail holds, or null. */
  rest: Record<string, unknown> | null
}

export function readDetail(detail: unknown): ReadDetail | null {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return null
  const { scores, provider, ...others } = detail as Record<string, unknown>
  const rest: Record<string, unknown> = { ...others }
  const rows: ReadDetail['scores'] = []
  if (isScores(scores)) {
    for (const [name, score] of Object.entries(scores)) rows.push({ name, score })
    rows.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
  } else if (scores !== undefined) rest.scores = scores
  let shown: ReadDetail['provider'] = null
  if (typeof provider === 'string' && provider) shown = providerLabel(provider)
  else if (provider !== undefined) rest.provider = provider
  if (!rows.length && !shown && !Object.keys(rest).length) return null
  return { scores: rows, provider: shown, rest: Object.keys(rest).length ? rest : null }
}

function isScores(v: unknown): v is Record<string, number> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((s) => typeof s === 'number' && Number.isFinite(s))
  )
}

/** 'offline' is the built-in classifier; any other provider is a model endpoint's host. */
export function providerLabel(provider: string): { label: string; hint?: string } {
  return provider === 'offline'
    ? { label: 'offline classifier', hint: "trained on the node's examples" }
    : { label: provider, hint: 'model provider' }
}
