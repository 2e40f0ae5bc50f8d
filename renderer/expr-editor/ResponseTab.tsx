import { useState } from 'react'
import type { FlowNode } from '../../shared/flow'
import { SampleEditor } from './SampleEditor'

type Insert = (text: string) => void

function preview(v: unknown): string {
  if (typeof v === 'string') return `"${v.length > 40 ? v.slice(0, 40) + '…' : v}"`
  return String(v)
}

/** One level of a sample: objects and arrays open, leaves insert their path. */
function Tree({ value, path, onInsert }: { value: unknown; path: string[]; onInsert: Insert }) {
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>)
  return (
    <ul role="group" className="expr-tree">
      {entries.map(([k, v]) => {
        const p = [...path, k]
        const ref = `{{${p.join('.')}}}`
        if (v !== null && typeof v === 'object')
          return (
            <li key={k} role="treeitem" aria-expanded="true">
              <details open>
                <summary>{k}</summary>
                <Tree value={v} path={p} onInsert={onInsert} />
              </details>
            </li>
          )
        return (
          <li key={k} role="treeitem">
            <button type="button" aria-label={`Insert ${ref}`} onClick={() => onInsert(ref)}>
              {k}
            </button>{' '}
            <span className="expr-muted">{preview(v)}</span>
          </li>
        )
      })}
    </ul>
  )
}

interface Props {
  earlier: FlowNode[]
  samples: Record<string, unknown>
  onInsert: Insert
  onSaveSample(nodeName: string, value: unknown): void
}

/** Each earlier node's output from its sample response, and the sample editor that fills it. */
export function ResponseTab({ earlier, samples, onInsert, onSaveSample }: Props) {
  const [editing, setEditing] = useState<string | null>(null)
  if (earlier.length === 0)
    return <p className="expr-muted">No node runs before this one, so there is no response to read yet.</p>
  return (
    <div>
      {earlier.map((n) => {
        const has = Object.prototype.hasOwnProperty.call(samples, n.name)
        const sample = samples[n.name]
        return (
          <section key={n.id} className="expr-response-node" aria-label={`Response of ${n.name}`}>
            <h3>
              {n.name}{' '}
              <button type="button" onClick={() => setEditing(editing === n.name ? null : n.name)}>
                {has ? 'Edit sample' : 'Add sample'}
              </button>
            </h3>
            {editing === n.name && (
              <SampleEditor
                nodeName={n.name}
                initial={has ? JSON.stringify(sample, null, 2) : ''}
                onSave={(v) => {
                  onSaveSample(n.name, v)
                  setEditing(null)
                }}
                onCancel={() => setEditing(null)}
              />
            )}
            {has && sample !== null && typeof sample === 'object' ? (
              <ul role="tree" aria-label={`${n.name} output`} className="expr-tree">
                <li role="treeitem" aria-expanded="true">
                  <Tree value={sample} path={[n.name]} onInsert={onInsert} />
                </li>
              </ul>
            ) : has ? (
              <button type="button" aria-label={`Insert {{${n.name}}}`} onClick={() => onInsert(`{{${n.name}}}`)}>
                {`{{${n.name}}}`}
              </button>
            ) : (
              <p className="expr-muted">No sample response yet.</p>
            )}
          </section>
        )
      })}
    </div>
  )
}
