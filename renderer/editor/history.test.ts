import { describe, expect, it } from 'vitest'
import { COALESCE_MS, HISTORY_LIMIT, emptyHistory, record, redo, undo } from './history'
import { flow, node } from './testing/docs'

const docs = Array.from({ length: 5 }, (_, i) => flow([node(`n${i}`, 'end', `end_${i}`)]))

describe('history', () => {
  it('undoes and redoes in order, and a new edit clears redo', () => {
    let h = record(emptyHistory(), docs[0]!, 'one', null, 0)
    h = record(h, docs[1]!, 'two', null, 10)
    const u1 = undo(h, docs[2]!)!
    expect(u1.doc).toBe(docs[1])
    expect(u1.label).toBe('two')
    const u2 = undo(u1.history, u1.doc)!
    expect(u2.doc).toBe(docs[0])
    expect(undo(u2.history, u2.doc)).toBeNull()
    const r1 = redo(u2.history, u2.doc)!
    expect(r1.doc).toBe(docs[1])
    const branched = record(r1.history, r1.doc, 'three', null, 20)
    expect(branched.future).toEqual([])
    expect(redo(branched, docs[3]!)).toBeNull()
  })

  it('coalesces edits of one field typed in quick succession, not edits of another field or after a pause', () => {
    let h = record(emptyHistory(), docs[0]!, 'Edit', 'config:a:/text', 0)
    h = record(h, docs[1]!, 'Edit', 'config:a:/text', 100)
    expect(h.past).toHaveLength(1)
    h = record(h, docs[2]!, 'Edit', 'config:a:/other', 200)
    expect(h.past).toHaveLength(2)
    h = record(h, docs[3]!, 'Edit', 'config:a:/other', 200 + COALESCE_MS + 1)
    expect(h.past).toHaveLength(3)
    expect(undo(h, docs[4]!)!.doc).toBe(docs[3])
  })

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = emptyHistory()
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) h = record(h, docs[i % 5]!, `e${i}`, null, i)
    expect(h.past).toHaveLength(HISTORY_LIMIT)
    expect(h.past[0]!.label).toBe('e10')
  })
})
