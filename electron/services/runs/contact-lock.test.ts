// One event at a time per contact: a second event of the same contact starts only when the first has committed,
// whatever the first awaits; other contacts are not held up, and a failure frees the queue.
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { withContactLock } from './contact-lock'

const tick = () => new Promise((r) => setImmediate(r))

function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

describe('withContactLock', () => {
  it('queues events of one contact, not of another, and goes on after a failure', async () => {
    const db = new Database(':memory:')
    const order: string[] = []
    const first = gate()
    const a1 = withContactLock(db, 'c1', async () => {
      order.push('a1 start')
      await first.opened
      order.push('a1 end')
      throw new Error('a1 failed')
    })
    const a2 = withContactLock(db, 'c1', async () => {
      order.push('a2')
      return 2
    })
    const b = withContactLock(db, 'c2', async () => {
      order.push('b')
      return 'b'
    })
    await b
    for (let i = 0; i < 5; i++) await tick()
    expect(order).toEqual(['a1 start', 'b'])
    first.open()
    await expect(a1).rejects.toThrow('a1 failed')
    expect(await a2).toBe(2)
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2'])
    db.close()
  })
})
