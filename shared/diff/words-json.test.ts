import { describe, expect, it } from 'vitest'
import { jsonDiff, stableJson } from './json'
import { diffSequences } from './sequence'
import { wordDiff } from './words'

const side = (ops: ReturnType<typeof wordDiff>, keep: 'add' | 'del') =>
  ops
    .filter((o) => o.op === 'same' || o.op === keep)
    .map((o) => o.text)
    .join('')

describe('wordDiff', () => {
  it('shows the renamed name inside a placeholder, not the whole placeholder', () => {
    expect(wordDiff('Thanks, you said {{ask.answer}}', 'Thanks, you said {{ask_age.answer}}')).toEqual([
      { op: 'same', text: 'Thanks, you said {{' },
      { op: 'del', text: 'ask' },
      { op: 'add', text: 'ask_age' },
      { op: 'same', text: '.answer}}' },
    ])
  })

  it('keeps unchanged words around an insertion and a removal', () => {
    expect(wordDiff('Your order is late today', 'Your order is on time today')).toEqual([
      { op: 'same', text: 'Your order is ' },
      { op: 'del', text: 'late' },
      { op: 'add', text: 'on time' },
      { op: 'same', text: ' today' },
    ])
    expect(wordDiff('', 'Hello')).toEqual([{ op: 'add', text: 'Hello' }])
    expect(wordDiff('Hello', '')).toEqual([{ op: 'del', text: 'Hello' }])
    expect(wordDiff('Ünïcode wörds ✓', 'Ünïcode wörter ✓')).toEqual([
      { op: 'same', text: 'Ünïcode ' },
      { op: 'del', text: 'wörds' },
      { op: 'add', text: 'wörter' },
      { op: 'same', text: ' ✓' },
    ])
  })

  it('always gives both texts back: same + del is the first, same + add the second', () => {
    let seed = 7
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const vocab = ['a', 'b', 'order', ' ', '  ', '\n', '{{', '}}', '.', 'x_1', 'é', '😀']
    const text = () => Array.from({ length: rand(30) }, () => vocab[rand(vocab.length)]).join('')
    for (let i = 0; i < 300; i++) {
      const a = text()
      const b = text()
      const ops = wordDiff(a, b)
      expect(side(ops, 'del')).toBe(a)
      expect(side(ops, 'add')).toBe(b)
    }
  })

  it('gives up aligning past its edit budget but still gives both texts back', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ')
    const b = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ')
    const ops = diffSequences(a.split(' '), b.split(' '), 100)
    expect(ops.filter((o) => o.op === 'del')).toHaveLength(3000)
    expect(side(wordDiff(a, b), 'del')).toBe(a)
    expect(side(wordDiff(a, b), 'add')).toBe(b)
  })
})

describe('jsonDiff', () => {
  it('matches objects by key, whatever their order, and names what was added, removed and changed', () => {
    expect(jsonDiff({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 }).op).toBe('same')
    const d = jsonDiff({ status: 'late', id: 7, gone: true }, { id: 7, status: 'shipped', carrier: 'DHL' })
    expect(d.op).toBe('change')
    expect(d.children!.map((c) => [c.key, c.op, c.before, c.after])).toEqual([
      ['id', 'same', 7, 7],
      ['status', 'change', 'late', 'shipped'],
      ['carrier', 'add', undefined, 'DHL'],
      ['gone', 'del', true, undefined],
    ])
  })

  it('aligns arrays, so an element inserted at the front is one addition, and diffs a replaced element inside', () => {
    const before = [
      { id: 'b1', title: 'Yes' },
      { id: 'b2', title: 'No' },
    ]
    const after = [{ id: 'b0', title: 'Maybe' }, ...before]
    const d = jsonDiff(before, after)
    expect(d.children!.map((c) => [c.key, c.op])).toEqual([
      ['0', 'add'],
      ['1', 'same'],
      ['2', 'same'],
    ])
    const edited = jsonDiff(before, [before[0], { id: 'b2', title: 'Nope' }])
    expect(edited.children![1]).toMatchObject({ key: '1', op: 'change' })
    expect(edited.children![1]!.children!.map((c) => [c.key, c.op])).toEqual([
      ['id', 'same'],
      ['title', 'change'],
    ])
  })

  it('stableJson ignores key order and undefined members', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null }, u: undefined })).toBe(
      stableJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    )
  })
})
