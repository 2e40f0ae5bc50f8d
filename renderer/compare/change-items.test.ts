import { describe, expect, it } from 'vitest'
import { compareFlows } from '../../shared/diff'
import { changeItems, countByStatus } from './change-items'
import { walkOrder } from './ChangeList'
import { base, edited } from './testing/pair'

describe('changeItems', () => {
  it('lists every change in flow order, a rename with the references it rewrote under it', () => {
    const before = base()
    const after = edited(before)
    const c = compareFlows(before, after)
    const items = changeItems(c, before, after)
    // The comparison's own flow order (shared/diff/order.ts), one row per change.
    expect(items.map((i) => i.id)).toEqual(c.changes.map((r) => r.id))
    expect(items.map((i) => i.title).sort()).toEqual(
      [
        'Renamed ask to age_q',
        'Connected age_q → hello',
        'Disconnected age_q → thanks',
        'Added hello (Message)',
        'Removed thanks (Message)',
        'Disconnected thanks → bye',
        'Changed bye',
      ].sort(),
    )
    expect(items.find((i) => i.title === 'Changed bye')!.detail).toBe('Text')
    expect(items.find((i) => i.title === 'Disconnected thanks → bye')!.detail).toBe('output Next')
    expect(countByStatus(items)).toEqual({ added: 2, removed: 3, changed: 2 })
  })

  it('groups a node whose only change is a rewritten reference under the rename, and walks it after it', () => {
    const before = base()
    const after = edited(before)
    // thanks stays, so its {{ask.answer}} is rewritten by the rename and is no change of its own.
    const kept = structuredClone(before)
    const thanks = kept.nodes[2]!
    thanks.config = { ...thanks.config, text: 'Thanks, you said {{age_q.answer}}' }
    const withThanks = { ...after, nodes: [...after.nodes, thanks] }
    const items = changeItems(compareFlows(before, withThanks), before, withThanks)
    const rename = items.find((i) => i.title === 'Renamed ask to age_q')!
    expect(rename.rewritten.map((r) => r.title)).toEqual(['References rewritten in thanks'])
    expect(items.some((i) => i.title.includes('in thanks'))).toBe(false)
    const order = walkOrder(items).map((i) => i.title)
    expect(order.indexOf('References rewritten in thanks')).toBe(order.indexOf('Renamed ask to age_q') + 1)
  })
})
