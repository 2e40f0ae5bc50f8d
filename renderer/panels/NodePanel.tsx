import { X } from 'lucide-react'
import { NodeIcon } from '../nodes/NodeIcon'
import { Suspense, useEffect, useId, useMemo, useRef } from 'react'
import { getAt, setAt } from '../../shared/flow/pointer'
import type { Problem } from '../../shared/nodes/types'
import { useEditor, useEditorStore } from '../editor/context'
import { definitionOf } from '../editor/model'
import { nodeUi } from '../nodes/registry'
import { NameField } from './NameField'
import { SchemaField, type FieldContext } from './SchemaFields'
import { jsonSchemaOf } from './schema'
import { knownType } from '../../shared/nodes/node-types'
import { useLanguageFields } from './language-fields'
import { LanguageNote } from './LanguageNote'
import { languagesOf, shownInPanel } from '../editor/languages'

const NO_PROBLEMS: Problem[] = []

/** The side panel of the selected node: its name, then every field of its type's config, with inline problems. */
export function NodePanel({ nodeId }: { nodeId: string }) {
  const store = useEditorStore()
  const node = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId))
  const allProblems = useEditor((s) => s.problems)
  const focusField = useEditor((s) => s.focusField)
  const idBase = useId().replace(/:/g, '')
  const root = useRef<HTMLElement>(null)
  const language = useLanguageFields(node)

  const languages = useEditor((s) => languagesOf(s.doc))
  const shown = language?.tag ?? null
  const problems = useMemo(() => {
    const byField = new Map<string, Problem[]>()
    for (const p of allProblems ?? NO_PROBLEMS) {
      if (p.nodeId !== nodeId || !shownInPanel(p, languages, shown)) continue
      const key = p.field ?? ''
      byField.set(key, [...(byField.get(key) ?? []), p])
    }
    return byField
  }, [allProblems, nodeId, languages, shown])

  // Focus the field a problem points at: the closest enclosing field that is on screen.
  useEffect(() => {
    if (focusField === null || !root.current) return
    let pointer = focusField
    for (;;) {
      const el = root.current.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(pointer)}"]`)
      if (el) {
        el.focus()
        el.scrollIntoView({ block: 'center' })
        break
      }
      if (!pointer) break
      pointer = pointer.slice(0, pointer.lastIndexOf('/'))
    }
  }, [focusField, nodeId])

  if (!node) return null
  const type = knownType(node.type)
  const def = definitionOf(type)
  const ui = nodeUi[type]
  const config = node.config
  const ctx: FieldContext = {
    idBase,
    hints: ui.panel,
    hidden: new Set(ui.panel.hidden?.(config) ?? []),
    templates: new Set(safeTextFields(def, config).map((f) => f.pointer)),
    problems,
    config,
    set(pointer, value) {
      const current = store.getState().doc.nodes.find((n) => n.id === nodeId)
      if (!current || getAt(current.config, pointer) === value) return
      store.getState().updateConfig(nodeId, setAt(current.config, pointer, value), pointer)
    },
    ...(language ? { language } : {}),
  }
  const nodeLevel = problems.get('') ?? []

  return (
    <aside className="node-panel" aria-label={`${def.label} settings`} ref={root}>
      <header className={`node-panel-head cat-${def.category}`}>
        <NodeIcon type={type} size={16} />
        <h2>{def.label}</h2>
        <button type="button" aria-label="Close panel" onClick={() => store.getState().openPanel(null)}>
          <X size={14} aria-hidden="true" />
        </button>
      </header>
      <p className="node-panel-description">{def.description}</p>
      {language && <LanguageNote language={language} />}
      <NameField node={node} />
      {ui.actions && (
        <div className="node-actions">
          <ui.actions nodeId={nodeId} />
        </div>
      )}
      {nodeLevel.length > 0 && (
        <ul className="field-problems">
          {nodeLevel.map((p, i) => (
            <li key={i} className={p.severity}>
              {p.message}
              {p.why && ` Intentional: ${p.why}`}
            </li>
          ))}
        </ul>
      )}
      <form className="node-panel-fields" onSubmit={(e) => e.preventDefault()}>
        <SchemaField schema={jsonSchemaOf(def.configSchema)} value={config} pointer="" label={def.label} ctx={ctx} />
      </form>
      {ui.details && (
        <Suspense fallback={<p className="node-panel-description">Loading…</p>}>
          <ui.details nodeId={nodeId} />
        </Suspense>
      )}
    </aside>
  )
}

function safeTextFields(def: ReturnType<typeof definitionOf>, config: Record<string, unknown>) {
  try {
    const parsed = def.configSchema.safeParse(config)
    return parsed.success ? def.textFields(parsed.data) : []
  } catch {
    return []
  }
}
