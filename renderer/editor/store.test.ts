import { describe, expect, it } from 'vitest'
import { copyClip, parseClip } from './clipboard'
import { createEditorStore } from './store'
import { branchingFlow, flow, node } from './testing/docs'

const names = (s: ReturnType<typeof createEditorStore>) => s.getState().doc.nodes.map((n) => n.name)
const text = (s: ReturnType<typeof createEditorStore>, name: string) =>
  s.getState().doc.nodes.find((n) => n.name === name)?.config

describe('editor store', () => {
  it('adds nodes with the next default name and defaults, after the selected node on its first free port', () => {
    const s = createEditorStore(branchingFlow())
    const added = s.getState().addNode('message', { x: 0, y: 0 }, 'h')
    expect(added.name).toBe('message_2')
    expect(added.config).toMatchObject({ text: '' })
    expect(s.getState().doc.edges.at(-1)).toMatchObject({ source: 'h', sourcePort: 'failure', target: added.id })
    expect(s.getState().selectedNodeIds).toEqual([added.id])
    expect(s.getState().panelNodeId).toBe(added.id)
  })

  it('undoes and redoes add, connect, config edits, delete and rename with its rewrites', () => {
    const s = createEditorStore(branchingFlow())
    const start = s.getState().doc
    const m2 = s.getState().addNode('message', { x: 0, y: 0 })
    expect(s.getState().connect({ source: 'h', sourcePort: 'failure', target: m2.id }).ok).toBe(true)
    s.getState().updateConfig(m2.id, { text: 'Sorry', previewUrl: false }, '/text')
    expect(s.getState().rename('h', 'order_api')).toBe(true)
    expect(text(s, 'message_1')).toMatchObject({ text: 'Status: {{order_api.status}}' })
    s.getState().deleteElements(['e'], [])

    const afterAll = s.getState().doc
    for (let i = 0; i < 5; i++) s.getState().undo()
    expect(s.getState().doc).toBe(start)
    for (let i = 0; i < 5; i++) s.getState().redo()
    expect(s.getState().doc).toBe(afterAll)
    s.getState().undo()
    expect(names(s)).toContain('end_1')
    s.getState().undo()
    expect(text(s, 'message_1')).toMatchObject({ text: 'Status: {{http_call_1.status}}' })
    expect(names(s)).toContain('http_call_1')
  })

  it('refuses invalid connections with a reason and records nothing', () => {
    const s = createEditorStore(branchingFlow())
    const v = s.getState().connect({ source: 'm', sourcePort: 'out', target: 't' })
    expect(v.ok).toBe(false)
    expect(s.getState().notice).toMatch(/Trigger/)
    expect(s.getState().history.past).toHaveLength(0)
    expect(s.getState().connect({ source: 'b', sourcePort: 'yes', target: 'e' }).ok).toBe(false)
  })

  it('refuses an invalid or duplicate name and keeps the document', () => {
    const s = createEditorStore(branchingFlow())
    const before = s.getState().doc
    expect(s.getState().rename('m', 'http_call_1')).toBe(false)
    expect(s.getState().notice).toMatch(/already named/)
    expect(s.getState().rename('m', '1st')).toBe(false)
    expect(s.getState().doc).toBe(before)
  })

  it('makes a drop one undo step and coalesces typing in one field', () => {
    const s = createEditorStore(branchingFlow())
    // The canvas moves cards itself during a drag and hands the document the drop (renderer/canvas/useCanvasChanges.ts).
    s.getState().moveNodes(new Map([['m', { x: 20, y: 0 }]]), 'Move')
    expect(s.getState().history.past).toHaveLength(1)
    const cfg = text(s, 'message_1')!
    s.getState().updateConfig('m', { ...cfg, text: 'a' }, '/text')
    s.getState().updateConfig('m', { ...cfg, text: 'ab' }, '/text')
    expect(s.getState().history.past).toHaveLength(2)
    s.getState().undo()
    expect(text(s, 'message_1')).toMatchObject({ text: 'Status: {{http_call_1.status}}' })
    s.getState().undo()
    expect(s.getState().doc.nodes.find((n) => n.id === 'm')!.position.x).toBe(0)
  })

  it('pastes with fresh ids, unique names and internal references renamed with their nodes', () => {
    const s = createEditorStore(branchingFlow())
    const clip = parseClip(JSON.stringify(copyClip(s.getState().doc, ['b', 'm', 'h'])))!
    expect(clip.edges.map((e) => e.id).sort()).toEqual(['e2', 'e3'])
    const ids = s.getState().paste(clip, null)
    expect(ids).toHaveLength(3)
    expect(names(s).slice(5)).toEqual(['interactive_message_2', 'message_2', 'http_call_2'])
    // The pasted message reads the pasted HTTP call, not the original one.
    expect(text(s, 'message_2')).toMatchObject({ text: 'Status: {{http_call_2.status}}' })
    expect(text(s, 'message_1')).toMatchObject({ text: 'Status: {{http_call_1.status}}' })
    const pasted = new Set(ids)
    const newEdges = s.getState().doc.edges.filter((e) => pasted.has(e.source))
    expect(newEdges).toHaveLength(2)
    expect(newEdges.every((e) => pasted.has(e.target))).toBe(true)
    expect(s.getState().selectedNodeIds).toEqual(ids)
    s.getState().undo()
    expect(names(s)).toHaveLength(5)
  })

  it('pastes into another flow keeping free names, and swaps names without capturing references', () => {
    const source = flow([
      node('a', 'http_call', 'http_call_2', { url: 'https://x/{{http_call_1.result.id}}' }),
      node('c', 'http_call', 'http_call_1'),
    ])
    const target = createEditorStore(flow([node('z', 'http_call', 'http_call_1')]))
    target.getState().paste(copyClip(source, ['a', 'c']), { x: 100, y: 100 })
    // http_call_2 is free in the target and keeps its name; http_call_1 is taken, so the copy becomes http_call_3
    // and the reference follows it instead of pointing at the target's own http_call_1.
    expect(names(target)).toEqual(['http_call_1', 'http_call_2', 'http_call_3'])
    expect(text(target, 'http_call_2')).toMatchObject({ url: 'https://x/{{http_call_3.result.id}}' })
    expect(target.getState().doc.nodes[1]!.position).toEqual({ x: 100, y: 100 })
  })

  it('replaces the document (a restored revision) as one undoable step', () => {
    const s = createEditorStore(branchingFlow())
    const older = flow([node('t', 'trigger', 'trigger_1')])
    s.getState().replaceDocument(older, 'Restore revision 1')
    expect(names(s)).toEqual(['trigger_1'])
    s.getState().undo()
    expect(names(s)).toHaveLength(5)
  })
})
