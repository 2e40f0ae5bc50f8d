import { describe, expect, it } from 'vitest'
import { compareFlows } from '../../shared/diff'
import { createEditorStore } from '../editor/store'
import { parsePath, restoreField, restoreNode, setAt } from './restore'
import { base, byName, edited } from './testing/pair'

describe('restoreNode', () => {
  it('brings a removed node back where it was, with its connections whose outputs are free', () => {
    const before = base()
    const draft = edited(before)
    const r = restoreNode(draft, before, 'n_thanks')!
    expect(r.node).toMatchObject({ id: 'n_thanks', name: 'thanks', position: byName(before, 'thanks').position })
    // thanks → bye comes back; age_q's only output now leads to hello, so age_q → thanks is left out.
    expect(r.connected).toBe(1)
    expect(r.skipped).toBe(1)
    const c = compareFlows(before, r.doc)
    expect(c.nodes.find((n) => n.id === 'n_thanks')!.status).toBe('unchanged')
    expect(c.edges.filter((e) => e.target === 'n_bye').map((e) => e.status)).toEqual(['unchanged'])
  })

  it('gives it a free name when the draft took its name, and its own references follow', () => {
    const before = base()
    byName(before, 'thanks').config.text = 'Thanks {{thanks.x}}'
    const draft = edited(before)
    draft.nodes.find((n) => n.id === 'n_hello')!.name = 'thanks'
    const r = restoreNode(draft, before, 'n_thanks')!
    expect(r.node.name).toBe('thanks_2')
    expect(r.node.config.text).toBe('Thanks {{thanks_2.x}}')
    expect(r.doc.nodes.filter((n) => n.name === 'thanks')).toHaveLength(1)
  })

  it('takes a new id when the draft uses the old one, and never reuses an edge id', () => {
    const before = base()
    const draft = edited(before)
    draft.nodes.find((n) => n.id === 'n_hello')!.id = 'n_thanks'
    const r = restoreNode(draft, before, 'n_thanks')!
    expect(r.node.id).not.toBe('n_thanks')
    expect(new Set(r.doc.nodes.map((n) => n.id)).size).toBe(r.doc.nodes.length)
    expect(new Set(r.doc.edges.map((e) => e.id)).size).toBe(r.doc.edges.length)
  })

  it('is one undoable edit of the editor', () => {
    const before = base()
    const draft = edited(before)
    const store = createEditorStore(draft)
    const r = restoreNode(store.getState().doc, before, 'n_thanks')!
    store.getState().apply(`Restore ${r.node.name}`, r.doc)
    expect(store.getState().doc.nodes.map((n) => n.name)).toContain('thanks')
    store.getState().undo()
    expect(store.getState().doc).toBe(draft)
  })
})

describe('restoreField', () => {
  it('puts a text back so the node no longer differs', () => {
    const before = base()
    const draft = edited(before)
    const r = restoreField(draft, 'n_bye', 'config.text', 'Bye for now')
    if (!r.ok) throw new Error(r.reason)
    expect(compareFlows(before, r.doc).nodes.find((n) => n.id === 'n_bye')!.status).toBe('unchanged')
  })

  it('restores a name through the rename, so the references it rewrote go back too', () => {
    const before = base()
    const draft = edited(before)
    const r = restoreField(draft, 'n_ask', 'name', 'ask')
    if (!r.ok) throw new Error(r.reason)
    expect(byName(r.doc, 'hello').config.text).toBe('Hello {{ask.answer}}')
  })

  it('refuses a name another node holds, with the rule in words', () => {
    const r = restoreField(edited(), 'n_ask', 'name', 'bye')
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.reason).toMatch(/bye/)
  })

  it('sets flow fields, and removes a field that was absent on the older side', () => {
    const draft = edited()
    const r = restoreField(draft, null, 'samples.lookup', { ok: true })
    expect(r.ok && r.doc.samples).toEqual({ lookup: { ok: true } })
    const gone = restoreField(r.ok ? r.doc : draft, null, 'samples.lookup', undefined)
    expect(gone.ok && gone.doc.samples).toEqual({})
  })
})

describe('paths', () => {
  it('reads list indexes and writes without touching the original', () => {
    expect(parsePath('config.buttons[1].title')).toEqual(['config', 'buttons', 1, 'title'])
    const config = { buttons: [{ title: 'a' }, { title: 'b' }] }
    expect(setAt(config, ['buttons', 1, 'title'], 'B')).toEqual({ buttons: [{ title: 'a' }, { title: 'B' }] })
    expect(config.buttons[1]!.title).toBe('b')
    expect(setAt(config, ['buttons', 1], undefined)).toEqual({ buttons: [{ title: 'a' }] })
  })
})
