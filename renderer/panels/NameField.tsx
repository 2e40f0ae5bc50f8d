import { useEffect, useMemo, useState } from 'react'
import type { FlowNode } from '../../shared/flow/document'
import { checkNodeName } from '../../shared/flow/names'
import { buildReferenceIndex, referencesTo, type Reference } from '../../shared/analysis/references'
import { parseConfig } from '../../shared/nodes/registry'
import { declaredVariables } from '../../shared/nodes/failure-variables'
import { useEditor, useEditorStore } from '../editor/context'
import { definitionOf } from '../editor/model'
import { RenameDialog } from './RenameDialog'
import { knownType } from '../../shared/nodes/node-types'

/** The Node Name field: checked while typing, applied on Enter or leaving the field; a name other nodes read
 *  asks first, listing every place that will be rewritten. */
export function NameField({ node }: { node: FlowNode }) {
  const store = useEditorStore()
  const doc = useEditor((s) => s.doc)
  const [draft, setDraft] = useState(node.name)
  const [pending, setPending] = useState<Reference[] | null>(null)
  useEffect(() => setDraft(node.name), [node.name, node.id])

  const index = useMemo(() => buildReferenceIndex(doc), [doc])
  const usedIn = useMemo(() => referencesTo(doc, node.name, index).length, [doc, node.name, index])
  const others = useMemo(() => doc.nodes.filter((n) => n.id !== node.id).map((n) => n.name), [doc.nodes, node.id])
  const problem = checkNodeName(draft, others)
  const variables = useMemo(() => {
    const type = knownType(node.type)
    const parsed = parseConfig(type, node.config)
    return parsed.success ? declaredVariables(definitionOf(type), parsed.data, node.name).map((v) => v.path) : []
  }, [node.type, node.config, node.name])

  const commit = () => {
    if (draft === node.name || problem) return
    const places = referencesTo(doc, node.name, index)
    if (places.length > 0) setPending(places)
    else store.getState().rename(node.id, draft)
  }

  return (
    <div className="field name-field">
      <label htmlFor={`name-${node.id}`}>Node Name</label>
      <input
        id={`name-${node.id}`}
        type="text"
        value={draft}
        maxLength={80}
        spellCheck={false}
        data-pointer="/name"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`name-${node.id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (!pending) commit()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Without this the same Enter would go on to press the dialog's focused confirm button.
            e.preventDefault()
            commit()
          }
          if (e.key === 'Escape') setDraft(node.name)
        }}
      />
      <div id={`name-${node.id}-hint`} className="name-hints">
        {problem && draft !== node.name && <p className="field-problems error">{problem.message}</p>}
        <p className="field-help">
          Variables: {variables.length ? variables.map((v) => `{{${v}}}`).join(', ') : 'none'}
        </p>
        {usedIn > 0 && <p className="field-help used-in">Used in {usedIn} place(s)</p>}
      </div>
      {pending && (
        <RenameDialog
          from={node.name}
          to={draft}
          places={pending}
          onCancel={() => {
            setPending(null)
            setDraft(node.name)
          }}
          onConfirm={() => {
            setPending(null)
            store.getState().rename(node.id, draft)
          }}
        />
      )}
    </div>
  )
}
