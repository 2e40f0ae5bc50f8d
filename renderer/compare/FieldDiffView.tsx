import { wordDiff, jsonDiff, type FieldDiff, type JsonDiffNode } from '../../shared/diff'

// One field of a changed node, older and newer side by side: a word diff for texts and expressions, a tree diff for
// JSON (samples, mocks, mappings), the two values for the rest. Removed words are <del>, added ones <ins>, so a
// screen reader says which is which and the marks are not told by colour alone.

export function FieldDiffView({ field }: { field: FieldDiff }) {
  if (field.kind === 'text' && isText(field.before) && isText(field.after)) {
    return <WordDiff before={field.before ?? ''} after={field.after ?? ''} label={field.label} />
  }
  if (field.kind === 'json') {
    return (
      <ul className="json-diff" aria-label={`Changes in ${field.label}`}>
        <JsonRows node={jsonDiff(field.before, field.after)} />
      </ul>
    )
  }
  return (
    <div className="side-by-side" role="group" aria-label={`${field.label}, before and after`}>
      <div className="diff-before">
        <span className="diff-side">Before</span>
        <code>{show(field.before)}</code>
      </div>
      <div className="diff-after">
        <span className="diff-side">After</span>
        <code>{show(field.after)}</code>
      </div>
    </div>
  )
}

const isText = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string'

function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = wordDiff(before, after)
  return (
    <div className="side-by-side" role="group" aria-label={`${label}, word by word`}>
      <div className="diff-before">
        <span className="diff-side">Before</span>
        <p className="diff-text" aria-label={`${label} before`}>
          {parts.map((p, i) =>
            p.op === 'add' ? null : p.op === 'del' ? <del key={i}>{p.text}</del> : <span key={i}>{p.text}</span>,
          )}
        </p>
      </div>
      <div className="diff-after">
        <span className="diff-side">After</span>
        <p className="diff-text" aria-label={`${label} after`}>
          {parts.map((p, i) =>
            p.op === 'del' ? null : p.op === 'add' ? <ins key={i}>{p.text}</ins> : <span key={i}>{p.text}</span>,
          )}
        </p>
      </div>
    </div>
  )
}

const OP_WORD = { same: '', add: 'added', del: 'removed', change: 'changed' }
const OP_SIGN = { same: ' ', add: '+', del: '−', change: '~' }

function JsonRows({ node, depth = 0 }: { node: JsonDiffNode; depth?: number }) {
  // The root's own key is the field: its children are the rows.
  if (depth === 0 && node.children) return node.children.map((c, i) => <JsonRows key={i} node={c} depth={1} />)
  return (
    <li className={`json-${node.op}`} aria-label={OP_WORD[node.op] ? `${node.key} ${OP_WORD[node.op]}` : undefined}>
      <span className="json-sign" aria-hidden="true">
        {OP_SIGN[node.op]}
      </span>
      <span className="json-key">{String(node.key)}</span>
      {node.children ? (
        <ul>
          {node.children.map((c, i) => (
            <JsonRows key={i} node={c} depth={depth + 1} />
          ))}
        </ul>
      ) : node.op === 'change' ? (
        <>
          : <del>{show(node.before)}</del> → <ins>{show(node.after)}</ins>
        </>
      ) : node.op === 'del' ? (
        <>
          : <del>{show(node.before)}</del>
        </>
      ) : node.op === 'add' ? (
        <>
          : <ins>{show(node.after)}</ins>
        </>
      ) : (
        <>: {show(node.after ?? node.before)}</>
      )}
    </li>
  )
}

/** A value as the flow file writes it; nothing there reads as "(none)". */
export function show(v: unknown): string {
  if (v === undefined) return '(none)'
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}
