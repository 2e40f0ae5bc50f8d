import type { FieldDiff } from '../../shared/diff'
import { useEditorStore } from '../editor/context'
import { FieldDiffView } from './FieldDiffView'
import { restoreField, restoreNode } from './restore'
import type { ShownComparison } from './useComparison'

// The chosen change, field by field, with Restore for a removed node or one field. A restore is one edit of the
// editor (store.apply), so Undo takes it back whole and autosave writes it as the next revision.

/** The flow's name and active state belong to the flows list (renamed and switched there), as a whole-revision
 *  restore leaves them too (RevisionsPanel). */
const FLOW_LIST_FIELDS = new Set(['name', 'active'])

const nameField = (before: string, after: string): FieldDiff => ({
  path: 'name',
  label: 'Node Name',
  kind: 'value',
  before,
  after,
})

export function ChangeDetail({ shown, id }: { shown: ShownComparison; id: string }) {
  const store = useEditorStore()
  const { comparison, beforeDoc, restorable } = shown
  const fields: FieldDiff[] | null = id.startsWith('flow:')
    ? comparison.flow.filter((f) => `flow:${f.path}` === id)
    : null
  const node = fields ? null : comparison.nodes.find((n) => n.id === id)
  const edge = fields || node ? null : comparison.edges.find((e) => e.id === id)
  const notice = (text: string) => store.getState().setNotice(text)

  const putBack = (nodeId: string | null, f: FieldDiff) => {
    const r = restoreField(store.getState().doc, nodeId, f.path, f.before)
    if (!r.ok) return notice(`${f.label} could not be restored: ${r.reason}`)
    store.getState().apply(`Restore ${f.label}`, r.doc)
    notice(`Restored ${f.label} as it was in ${shown.before.label}. Undo takes it back.`)
  }
  const bringBack = (nodeId: string) => {
    const r = restoreNode(store.getState().doc, beforeDoc, nodeId)
    if (!r) return notice('That node is not in the older side.')
    store.getState().apply(`Restore ${r.node.name}`, r.doc)
    const links = `${r.connected} connection${r.connected === 1 ? '' : 's'}`
    const left = r.skipped ? `; ${r.skipped} left out (the other end is gone or its output is taken)` : ''
    notice(`Restored ${r.node.name} with ${links}${left}. Undo takes it back.`)
  }

  const fieldRows = (nodeId: string | null, list: readonly FieldDiff[]) => (
    <ul className="field-diffs" aria-label="Changed fields">
      {list.map((f) => (
        <li key={f.path}>
          <div className="field-diff-head">
            <strong>{f.label}</strong>
            {restorable && (nodeId !== null || !FLOW_LIST_FIELDS.has(f.path)) && (
              <button type="button" aria-label={`Restore ${f.label}`} onClick={() => putBack(nodeId, f)}>
                Restore
              </button>
            )}
          </div>
          <FieldDiffView field={f} />
        </li>
      ))}
    </ul>
  )

  if (fields) return <section aria-label="Change">{fieldRows(null, fields)}</section>
  if (edge) {
    return (
      <section aria-label="Change" className="change-detail-body">
        <p>
          Connection from output <code>{edge.sourcePort}</code> {edge.status === 'added' ? 'added' : 'removed'}.
        </p>
      </section>
    )
  }
  if (!node) return null
  return (
    <section aria-label={`Change of ${node.name}`} className="change-detail-body">
      <h3>
        {node.name} <span className="muted">({node.status})</span>
      </h3>
      {node.renamedFrom !== undefined && (
        <p>
          Renamed from <code>{node.renamedFrom}</code>; every reference to it was rewritten.{' '}
          {restorable && (
            <button type="button" onClick={() => putBack(node.id, nameField(node.renamedFrom!, node.name))}>
              Restore the name {node.renamedFrom}
            </button>
          )}
        </p>
      )}
      {node.rewrittenBy !== undefined && <p>Its references were rewritten by a rename, not edited by hand.</p>}
      {node.status === 'removed' && restorable && (
        <button type="button" onClick={() => bringBack(node.id)}>
          Restore {node.name}
        </button>
      )}
      {node.status === 'added' && <p>New on the newer side.</p>}
      {node.fields.length > 0 && fieldRows(node.id, node.fields)}
      {!restorable && node.status !== 'added' && (
        <p className="muted">Restoring brings parts back into the draft: compare with the draft to restore.</p>
      )}
    </section>
  )
}
