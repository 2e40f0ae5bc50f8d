import { useReactFlow } from '@xyflow/react'
import { useMemo, useState } from 'react'
import { api } from '../api'
import { NameRevision } from './NameRevision'
import { useStore } from 'zustand'
import { zoomToNode } from '../canvas/reveal'
import { useEditorStore } from '../editor/context'
import { SidePanel } from '../editor/SidePanel'
import { ChangeDetail } from './ChangeDetail'
import { ChangeList } from './ChangeList'
import { changeItems, countByStatus, type ChangeItem } from './change-items'
import { useCompareStore } from './compare-store'
import { CompareTests } from './CompareTests'
import { useComparison } from './useComparison'
import './compare.css'

/** The comparison beside the canvas: which sides, the changes in flow order, the chosen one field by field, and the
 *  saved tests run on both sides. Closing it gives the canvas back to editing. */
export function ComparePanel({ flowId, flush }: { flowId: string; flush(): Promise<void> }) {
  const store = useEditorStore()
  const shown = useComparison(store)
  const selected = useCompareStore((s) => s.selected)
  const rf = useReactFlow()
  const draftVersion = useStore(store, (s) => s.version)
  const [naming, setNaming] = useState(false)
  const [named, setNamed] = useState<string | null>(null)
  const items = useMemo(() => (shown ? changeItems(shown.comparison, shown.beforeDoc, shown.afterDoc) : []), [shown])
  if (!shown) return null
  const counts = countByStatus(items)
  const close = () => {
    useCompareStore.getState().close()
    store.getState().select([])
  }
  const pick = (item: ChangeItem) => {
    useCompareStore.getState().select(item.id)
    if (!item.nodeId) return
    store.getState().select([item.nodeId])
    const node = shown.view.nodes.find((n) => n.id === item.nodeId)
    if (node) void zoomToNode(rf, node)
  }
  return (
    <SidePanel label="Comparison" title="Compare" closeLabel="Close comparison" onClose={close}>
      <div className="compare-panel">
        <p className="compare-sides">
          <strong>{shown.before.label}</strong> → <strong>{shown.after.label}</strong>
        </p>
        <p role="status" className="compare-summary">
          {items.length === 0
            ? 'No changes.'
            : `${items.length} change${items.length === 1 ? '' : 's'}: ${counts.added} added, ${counts.removed} removed, ${counts.changed} changed.`}
        </p>
        <NewerName
          shown={shown}
          flowId={flowId}
          flush={flush}
          naming={naming}
          named={named}
          setNaming={setNaming}
          setNamed={setNamed}
        />
        <ChangeList items={items} selected={selected} onPick={pick} />
        {selected && <ChangeDetail shown={shown} id={selected} />}
        <CompareTests flowId={flowId} shown={shown} flush={flush} draftVersion={draftVersion} />
      </div>
    </SidePanel>
  )
}

/** Naming the newer side: a kept revision, or the draft (saved first, then its revision is named). */
function NewerName({
  shown,
  flowId,
  flush,
  naming,
  named,
  setNaming,
  setNamed,
}: {
  shown: NonNullable<ReturnType<typeof useComparison>>
  flowId: string
  flush(): Promise<void>
  naming: boolean
  named: string | null
  setNaming(v: boolean): void
  setNamed(v: string | null): void
}) {
  const after = shown.after
  if (after.kind !== 'draft' && after.kind !== 'revision') return null
  const revision =
    after.kind === 'revision'
      ? after.revision
      : async () => {
          await flush()
          const r = await api.call('revisions.list', { flowId, limit: 1 })
          if (!r.ok) throw new Error(r.error.message)
          if (!r.value[0]) throw new Error('The draft has no saved revision yet.')
          return r.value[0].revision
        }
  if (naming)
    return (
      <NameRevision
        flowId={flowId}
        revision={revision}
        label={null}
        description={null}
        onNamed={(s) => {
          setNaming(false)
          setNamed(`Revision ${s.revision} is named “${s.label}”.`)
        }}
        onCancel={() => setNaming(false)}
      />
    )
  return (
    <div className="compare-name">
      <button type="button" onClick={() => setNaming(true)}>
        {after.kind === 'draft' ? 'Name the draft as a version' : `Name ${after.label}`}
      </button>
      {named && <p role="status">{named}</p>}
    </div>
  )
}
