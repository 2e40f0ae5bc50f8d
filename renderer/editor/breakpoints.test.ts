import { describe, expect, it } from 'vitest'
import { createEditorStore } from './store'
import { liveBreakpoints, patched, targetLabel, toggleBreakpoints, toggled } from './breakpoints'
import { branchingFlow } from './testing/docs'

describe('breakpoints on the canvas', () => {
  it('toggles on a card and on a connection; a mixed selection adds the missing ones, then removes all', () => {
    const doc = branchingFlow()
    const edge = doc.edges[0]!
    let list = toggled([], [{ kind: 'node', nodeId: 'b' }])
    expect(list).toMatchObject([{ at: { kind: 'node', nodeId: 'b' }, enabled: true }])
    list = toggled(list, [
      { kind: 'node', nodeId: 'b' },
      { kind: 'edge', edgeId: edge.id },
    ])
    expect(list.map((b) => b.at)).toEqual([
      { kind: 'node', nodeId: 'b' },
      { kind: 'edge', edgeId: edge.id },
    ])
    expect(new Set(list.map((b) => b.id)).size).toBe(2)
    list = toggled(list, [
      { kind: 'node', nodeId: 'b' },
      { kind: 'edge', edgeId: edge.id },
    ])
    expect(list).toEqual([])
  })

  it('edits a condition and the switch; a blank condition is none', () => {
    const [b] = toggled([], [{ kind: 'node', nodeId: 'b' }])
    const on = patched([b!], b!.id, { condition: '{{ {{x}} > 1 }}', enabled: false })
    expect(on[0]).toMatchObject({ condition: '{{ {{x}} > 1 }}', enabled: false })
    expect(patched(on, b!.id, { condition: '  ' })[0]).not.toHaveProperty('condition')
  })

  it('names a connection by its source, output and target, and leaves out breakpoints whose target is gone', () => {
    const doc = branchingFlow()
    const edge = doc.edges.find((e) => e.source === 'b')!
    expect(targetLabel(doc, { kind: 'edge', edgeId: edge.id })).toMatch(/^interactive_message_1 → \w+ → \w+_1$/)
    const list = toggled(
      [],
      [
        { kind: 'node', nodeId: 'gone' },
        { kind: 'node', nodeId: 'm' },
      ],
    )
    expect(liveBreakpoints(list, doc).map((b) => b.at)).toEqual([{ kind: 'node', nodeId: 'm' }])
  })

  it('is undone and redone with the canvas edits, in order, without touching the document', () => {
    const store = createEditorStore(branchingFlow())
    const doc = store.getState().doc
    store.getState().select(['m'])
    expect(toggleBreakpoints(store)).toBe(true)
    const version = store.getState().version
    store.getState().moveNodes(new Map([['m', { x: 400, y: 400 }]]), 'Move')
    store.getState().select([], [store.getState().doc.edges[0]!.id])
    toggleBreakpoints(store)
    expect(store.getState().breakpoints).toHaveLength(2)
    store.getState().undo()
    expect(store.getState().breakpoints).toHaveLength(1)
    expect(store.getState().notice).toBe('Undid: Add breakpoint')
    store.getState().undo()
    expect(store.getState().doc.nodes.find((n) => n.id === 'm')!.position).toEqual(doc.nodes[2]!.position)
    expect(store.getState().breakpoints).toHaveLength(1)
    store.getState().undo()
    expect(store.getState().breakpoints).toEqual([])
    // A breakpoint step leaves the document and its version as they were: autosave has nothing to write.
    expect(store.getState().doc).toBe(doc)
    expect(store.getState().version).toBe(version + 2)
    store.getState().redo()
    expect(store.getState().breakpoints).toHaveLength(1)
    expect(store.getState().version).toBe(version + 2)
    store.getState().redo()
    store.getState().redo()
    expect(store.getState().breakpoints).toHaveLength(2)
    expect(store.getState().breakpointsVersion).toBe(6)
  })

  it('F9 with nothing selected does nothing', () => {
    const store = createEditorStore(branchingFlow())
    expect(toggleBreakpoints(store)).toBe(false)
    expect(store.getState().history.past).toEqual([])
  })
})
