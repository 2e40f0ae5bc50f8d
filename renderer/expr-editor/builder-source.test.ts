import { describe, expect, it } from 'vitest'
import { createEditorStore } from '../editor/store'
import { flow, node } from '../editor/testing/docs'
import { builderSource } from './builder-source'
import { templateCompletions } from './completion'
import { templateDiagnostics } from './lint'

// trigger → http_call_1 → message_1: the builder is open on the message while the HTTP call's sample is written.
function setup() {
  const store = createEditorStore(
    flow(
      [
        node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }),
        node('h', 'http_call', 'http_call_1', { url: 'https://shop.example/' }),
        node('m', 'message', 'message_1', { text: 'x' }),
      ],
      [
        { id: 'e1', source: 't', sourcePort: 'out', target: 'h' },
        { id: 'e2', source: 'h', sourcePort: 'success', target: 'm' },
      ],
    ),
  )
  return { store, source: builderSource(store, 'm') }
}

const segments = (vars: Parameters<typeof templateCompletions>[2]) => {
  const text = '{{http_call_1.result.'
  return templateCompletions(text, text.length, vars, false)?.options.map((o) => o.label) ?? []
}

describe('builderSource', () => {
  it('follows a sample written to the flow document while the builder is open (the Test request)', () => {
    const { store, source } = setup()
    let changes = 0
    const stop = source.subscribe(() => changes++)
    const before = source.get()
    expect(source.get()).toBe(before) // stable until the document changes
    expect(segments(before.scope.vars)).not.toContain('order')
    // Without a sample the response body has no known shape: any path under it passes.
    expect(templateDiagnostics('{{http_call_1.result.colour}}', before.scope.check)).toEqual([])

    // What the HTTP Call's "Use as sample response" does: one undoable edit of the document's samples.
    const doc = store.getState().doc
    store.getState().apply('Sample response of http_call_1', {
      ...doc,
      samples: { ...doc.samples, http_call_1: { status: 200, result: { order: { state: 'shipped' } } } },
    })

    expect(changes).toBe(1)
    const after = source.get()
    expect(after.doc.samples.http_call_1).toEqual({ status: 200, result: { order: { state: 'shipped' } } }) // the Response tab's tree
    expect(segments(after.scope.vars)).toContain('order') // completion
    // Lint now knows the sample's shape: a path the sample lacks is flagged.
    expect(templateDiagnostics('{{http_call_1.result.colour}}', after.scope.check)).toMatchObject([
      { severity: 'warning', source: 'unknown-path' },
    ])

    // Undo takes the sample away again, and the builder follows that too.
    store.getState().undo()
    expect(changes).toBe(2)
    expect(segments(source.get().scope.vars)).not.toContain('order')
    stop()
    store.getState().redo()
    expect(changes).toBe(2)
  })

  it('ignores store changes that leave the document as it was (selection, panel)', () => {
    const { store, source } = setup()
    let changes = 0
    source.subscribe(() => changes++)
    store.getState().select(['h'])
    expect(changes).toBe(0)
  })
})
