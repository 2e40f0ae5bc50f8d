import { expect, it } from 'vitest'
import { KeyedLock } from './keyed-lock'

const tick = () => new Promise((r) => setTimeout(r, 1))

it('runs calls of one key in arrival order, one at a time, even when one fails', async () => {
  const lock = new KeyedLock()
  const log: string[] = []
  let inside = 0
  const job = (name: string, fail = false) =>
    lock.run('a', async () => {
      inside++
      expect(inside).toBe(1)
      log.push(`start ${name}`)
      await tick()
      log.push(`end ${name}`)
      inside--
      if (fail) throw new Error(name)
      return name
    })
  const results = await Promise.allSettled([job('1'), job('2', true), job('3')])
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
})

it('lets different keys overlap and forgets finished keys', async () => {
  const lock = new KeyedLock()
  const log: string[] = []
  const job = (key: string) =>
    lock.run(key, async () => {
      log.push(`start ${key}`)
      await tick()
      log.push(`end ${key}`)
    })
  await Promise.all([job('a'), job('b')])
  expect(log.slice(0, 2)).toEqual(['start a', 'start b'])
  await lock.idle()
  expect((lock as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0)
})
