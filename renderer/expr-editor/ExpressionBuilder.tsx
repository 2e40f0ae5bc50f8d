import { useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import type { EditorView } from '@codemirror/view'
import { checkTemplate } from '../../shared/expr'
import { useEditorStore } from '../editor/context'
import { builderSource } from './builder-source'
import { insertAtCursor, insertFunction, wrapSelection } from './commands'
import { ExprEditor } from './ExprEditor'
import { Preview } from './Preview'
import type { ValueSource } from './preview'
import { ResponseTab } from './ResponseTab'
import { useEmulatorSessionVars } from './session-values'
import { FunctionsTab, OperatorsTab, TextTab, VariablesTab } from './tabs'
import './expr-editor.css'

const TABS = ['Variables', 'Response', 'Functions', 'Operators', 'Text'] as const
type Tab = (typeof TABS)[number]

/** Arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern); the new tab takes the focus. */
function moveTab(e: React.KeyboardEvent, tab: Tab, setTab: (t: Tab) => void): void {
  const i = TABS.indexOf(tab)
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key]
  if (next === undefined) return
  e.preventDefault()
  const t = TABS[(next + TABS.length) % TABS.length]!
  setTab(t)
  document.getElementById(`expr-tab-${t}`)?.focus()
}

export interface ExpressionBuilderProps {
  /** The node whose field is edited: its place in the graph decides which variables exist. */
  nodeId: string
  label: string
  value: string
  onApply(text: string): void
  onCancel(): void
}

/** The Expression Builder dialog: the template editor, its five tabs (docs/expression-builder.md), the live preview. Apply hands the
 *  text back to the field; Cancel (or Escape) leaves the field as it was. */
export function ExpressionBuilder({ nodeId, label, value, onApply, onCancel }: ExpressionBuilderProps) {
  const store = useEditorStore()
  const live = useMemo(() => builderSource(store, nodeId), [store, nodeId])
  const { doc, scope } = useSyncExternalStore(live.subscribe, live.get)
  const [text, setText] = useState(value)
  const [tab, setTab] = useState<Tab>('Variables')
  const [tests, setTests] = useState<Record<string, string>>({})
  const session = useEmulatorSessionVars(doc.id)
  const [source, setSource] = useState<ValueSource>('session')
  const view = useRef<EditorView | null>(null)
  const diagnostics = useMemo(() => checkTemplate(text, scope.check), [text, scope])

  const insert = (t: string) => view.current && insertAtCursor(view.current, t)
  const saveSample = (name: string, sample: unknown) => {
    const current = store.getState().doc
    store
      .getState()
      .apply(`Sample response of ${name}`, { ...current, samples: { ...current.samples, [name]: sample } })
  }

  return createPortal(
    <div className="dialog-backdrop expr-backdrop">
      <div
        className="dialog expr-builder"
        role="dialog"
        aria-modal="true"
        aria-label={`Expression Builder: ${label}`}
        onKeyDown={(e) => {
          // The dialog is modal: the canvas shortcuts (undo, delete, Escape closes the panel) must not see its keys.
          e.stopPropagation()
          // Escape first closes CodeMirror's own popups; only an unhandled Escape cancels the dialog.
          if (e.key === 'Escape' && !e.defaultPrevented) onCancel()
        }}
      >
        <header className="expr-head">
          <h2>Expression Builder</h2>
          <span className="expr-muted">{label}</span>
        </header>
        <ExprEditor
          initial={value}
          vars={scope.vars}
          check={scope.check}
          label={label}
          onChange={setText}
          onView={(v) => (view.current = v)}
        />
        <ul className="expr-diagnostics" aria-label="Problems in the expression">
          {diagnostics.map((d, i) => (
            <li key={i} className={d.severity} data-code={d.code}>
              {d.severity === 'error' ? 'Error' : 'Warning'} at {d.start + 1}: {d.message}
            </li>
          ))}
        </ul>
        <div className="expr-body">
          <div className="expr-tabs">
            <div role="tablist" aria-label="Expression Builder tabs" onKeyDown={(e) => moveTab(e, tab, setTab)}>
              {TABS.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  id={`expr-tab-${t}`}
                  aria-selected={tab === t}
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                >
                  {t}
                </button>
              ))}
            </div>
            <div role="tabpanel" aria-labelledby={`expr-tab-${tab}`} className="expr-tabpanel">
              {tab === 'Variables' && <VariablesTab vars={scope.vars} onInsert={insert} />}
              {tab === 'Response' && (
                <ResponseTab
                  earlier={scope.earlier}
                  samples={doc.samples}
                  onInsert={insert}
                  onSaveSample={saveSample}
                />
              )}
              {tab === 'Functions' && (
                <FunctionsTab onInsert={(name) => view.current && insertFunction(view.current, name)} />
              )}
              {tab === 'Operators' && <OperatorsTab onInsert={insert} />}
              {tab === 'Text' && (
                <TextTab onInsert={insert} onWrap={(m) => view.current && wrapSelection(view.current, m)} />
              )}
            </div>
          </div>
          <Preview
            text={text}
            samples={doc.samples}
            session={session.vars}
            sessionError={session.error}
            source={source}
            onSource={setSource}
            tests={tests}
            onTest={(p, v) => setTests((t) => ({ ...t, [p]: v }))}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={() => onApply(text)}>
            Apply
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
