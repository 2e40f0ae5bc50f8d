// Issue 39, item 8: the script pool's line takes turns by contact, so one contact's backlog cannot hold up another's.
import { describe, expect, it } from 'vitest'
import { FairQueue } from './fair-queue'

const drain = <T>(q: FairQueue<T>): T[] => {
  const out: T[] = []
  for (let item = q.shift(); item !== undefined; item = q.shift()) out.push(item)
  return out
}

describe('FairQueue', () => {
  it('lets a key that arrives behind another key’s backlog go second, not last', () => {
    const q = new FairQueue<string>()
    for (let i = 1; i <= 40; i++) q.push('alice', `a${i}`)
    q.push('bob', 'b1')
    const order = drain(q)
    expect(order.slice(0, 3)).toEqual(['a1', 'b1', 'a2'])
    expect(order).toHaveLength(41)
  })

  it('takes turns between keys, each key in its own order', () => {
    const q = new FairQueue<string>()
    for (const [k, v] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['a', 'a3'],
      ['b', 'b2'],
    ] as const)
      q.push(k, v)
    expect(drain(q)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
    expect(q.size).toBe(0)
  })

  it('puts a key just served behind a key that waits, even when its line emptied in between', () => {
    const q = new FairQueue<string>()
    q.push('a', 'a1')
    expect(q.shift()).toBe('a1')
    q.push('a', 'a2')
    q.push('b', 'b1')
    expect(drain(q)).toEqual(['b1', 'a2'])
  })

  it('serves the key with the fewest scripts running first', () => {
    const q = new FairQueue<string>()
    q.push('a', 'a1')
    q.push('b', 'b1')
    expect(q.shift((key) => (key === 'a' ? 1 : 0))).toBe('b1')
  })

  it('takes out an item that waited too long, and empties for a closing pool', () => {
    const q = new FairQueue<string>()
    q.push('a', 'a1')
    q.push('b', 'b1')
    q.push('a', 'a2')
    expect(q.remove('a', 'a1')).toBe(true)
    expect(q.remove('a', 'a1')).toBe(false)
    expect(q.size).toBe(2)
    expect(q.drain().sort()).toEqual(['a2', 'b1'])
    expect([q.size, q.shift()]).toEqual([0, undefined])
  })
})
