import { describe, expect, it } from 'vitest'
import { compareFlows } from '../../shared/diff'
import { base, byName, edited } from './testing/pair'
import { compareView, GHOST_EDGE } from './view'

describe('compareView', () => {
  it('draws the newer side with a ghost of the removed node where it was and a mark on every change', () => {
    const before = base()
    const after = edited(before)
    const view = compareView(compareFlows(before, after), before, after)
    const thanks = byName(before, 'thanks')
    expect(view.nodes.map((n) => n.name)).toEqual(['trigger_1', 'age_q', 'bye', 'hello', 'thanks'])
    expect(view.nodes.at(-1)!.position).toEqual(thanks.position)
    expect(Object.fromEntries([...view.marks].map(([id, m]) => [id, m.status]))).toEqual({
      [byName(after, 'age_q').id]: 'changed',
      [byName(after, 'bye').id]: 'changed',
      n_hello: 'added',
      [thanks.id]: 'removed',
    })
    expect(view.marks.get(byName(after, 'age_q').id)!.note).toBe('renamed from ask')
    expect(view.marks.get(byName(after, 'bye').id)!.note).toBe('changed: Text')
  })

  it('marks added connections and draws removed ones between the cards still on the canvas', () => {
    const before = base()
    const after = edited(before)
    const view = compareView(compareFlows(before, after), before, after)
    const removed = [...view.edgeMarks].filter(([, m]) => m === 'removed').map(([id]) => id)
    expect(removed.sort()).toEqual(
      before.edges
        .filter((e) => e.source === 'n_thanks' || e.target === 'n_thanks')
        .map((e) => GHOST_EDGE + e.id)
        .sort(),
    )
    expect(view.edgeMarks.get('e_new')).toBe('added')
    // Ghost edges end on cards the canvas draws, and keep ids apart from the newer side's.
    const drawn = new Set(view.nodes.map((n) => n.id))
    expect(view.edges.every((e) => drawn.has(e.source) && drawn.has(e.target))).toBe(true)
    expect(new Set(view.edges.map((e) => e.id)).size).toBe(view.edges.length)
  })

  it('hands back the newer side unchanged when nothing was removed, so the canvas reuses its cards', () => {
    const before = base()
    const after = structuredClone(before)
    byName(after, 'bye').config.text = 'Other'
    const view = compareView(compareFlows(before, after), before, after)
    expect(view.nodes).toBe(after.nodes)
    expect(view.edges).toBe(after.edges)
    expect([...view.marks.keys()]).toEqual([byName(after, 'bye').id])
  })
})
