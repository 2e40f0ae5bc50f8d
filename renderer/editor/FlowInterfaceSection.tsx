import { useEffect, useId, useMemo, useState } from 'react'
import type { FlowCaller } from '../../shared/api'
import { FlowInterfaceSchema, type FlowInterface } from '../../shared/flow/document'
import { setAt } from '../../shared/flow/pointer'
import type { Problem } from '../../shared/nodes/types'
import { api } from '../api'
import { SchemaField, type FieldContext, type FieldHints } from '../panels/SchemaFields'
import { jsonSchemaOf } from '../panels/schema'
import { hrefFor } from '../shell/route'
import { useEditor, useEditorStore } from './context'

// The flow's interface in its settings: what makes it callable by other flows' Call Flow nodes (inputs with name,
// required, default and description; outputs its End nodes return). The form is generated from the document's own
// schema (FlowInterfaceSchema), as node panels are from their config schemas; each change is one undoable edit.

const HINTS: FieldHints = {
  labels: { '/inputs': 'Inputs', '/outputs': 'Outputs', '/inputs/*/default': 'Default (JSON; null: none)' },
  accessibleLabels: {
    '/inputs/*/name': 'Input {1} name',
    '/inputs/*/required': 'Input {1} required',
    '/inputs/*/default': 'Input {1} default',
    '/inputs/*/description': 'Input {1} description',
    '/outputs/*/name': 'Output {1} name',
    '/outputs/*/description': 'Output {1} description',
  },
  newItem: {
    '/inputs': (n) => ({ name: `input_${n}`, required: false }),
    '/outputs': (n) => ({ name: `output_${n}` }),
  },
}

const SCHEMA = jsonSchemaOf(FlowInterfaceSchema)

/** Optional fields the form leaves empty are left out of the document (a null default: no default). */
function tidy(value: FlowInterface): FlowInterface {
  return {
    inputs: value.inputs.map(({ default: d, description, ...rest }) => ({
      ...rest,
      ...(d !== undefined && d !== null ? { default: d } : {}),
      ...(description ? { description } : {}),
    })),
    outputs: value.outputs.map(({ description, ...rest }) => ({ ...rest, ...(description ? { description } : {}) })),
  }
}

export function FlowInterfaceSection() {
  const store = useEditorStore()
  const flowId = useEditor((s) => s.doc.id)
  const iface = useEditor((s) => s.doc.interface)
  const allProblems = useEditor((s) => s.problems)
  const idBase = useId().replace(/:/g, '')
  const problems = useMemo(() => {
    const byField = new Map<string, Problem[]>()
    for (const p of allProblems)
      if (p.pointer.startsWith('/interface')) {
        const key = p.pointer.slice('/interface'.length)
        byField.set(key, [...(byField.get(key) ?? []), p])
      }
    return byField
  }, [allProblems])

  const edit = (label: string, next: FlowInterface | undefined, key: string) => {
    const doc = store.getState().doc
    const { interface: _old, ...rest } = doc
    store.getState().apply(label, next ? { ...rest, interface: next } : rest, key)
  }
  const ctx: FieldContext = {
    idBase,
    hints: HINTS,
    hidden: new Set(),
    templates: new Set(),
    problems,
    set(pointer, value) {
      const current = store.getState().doc.interface
      if (!current) return
      edit('Edit the flow interface', tidy(setAt(current, pointer, value)), `interface${pointer}`)
    },
  }

  return (
    <section className="flow-interface" aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`}>Interface</h3>
      {iface ? (
        <>
          <p className="node-panel-description">
            Other flows can call this one with a Call Flow node: it gets the inputs below as {'{{name}}'} (and the
            system variables, nothing else), and its End nodes return the outputs.
          </p>
          <form className="node-panel-fields" onSubmit={(e) => e.preventDefault()}>
            <SchemaField schema={SCHEMA} value={iface} pointer="" label="Interface" ctx={ctx} />
          </form>
          <Callers flowId={flowId} />
          <button type="button" onClick={() => edit('Make the flow not callable', undefined, 'interface')}>
            Make it not callable
          </button>
        </>
      ) : (
        <>
          <p className="node-panel-description">
            This flow is not callable. Declare its inputs and outputs to call it from other flows (for example a
            &quot;verify the customer&quot; step several flows share).
          </p>
          <button
            type="button"
            onClick={() => edit('Make the flow callable', { inputs: [], outputs: [] }, 'interface')}
          >
            Make it callable
          </button>
        </>
      )}
    </section>
  )
}

type CallersState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; callers: FlowCaller[] }

/** The flows that call this one (flows.callers), each a link, with the nodes that make the calls. */
function Callers({ flowId }: { flowId: string }) {
  const [state, setState] = useState<CallersState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    const load = () =>
      void api.call('flows.callers', { id: flowId }).then((r) => {
        if (live) setState(r.ok ? { kind: 'ready', callers: r.value } : { kind: 'error', message: r.error.message })
      })
    load()
    const off = api.on('flows.changed', load)
    return () => {
      live = false
      off()
    }
  }, [flowId])
  return (
    <div className="flow-callers">
      <h4>Callers</h4>
      {state.kind === 'loading' && <p aria-busy="true">Looking for flows that call this one…</p>}
      {state.kind === 'error' && <p role="alert">The callers could not be read: {state.message}</p>}
      {state.kind === 'ready' &&
        (state.callers.length === 0 ? (
          <p className="node-panel-description">No flow calls this one yet.</p>
        ) : (
          <ul aria-label="Flows that call this one">
            {state.callers.map((c) => (
              <li key={c.flowId}>
                <a href={hrefFor({ screen: 'editor', flowId: c.flowId })}>{c.flowName}</a>{' '}
                <span className="answer-context">({c.nodes.join(', ')})</span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}
