import { afterEach, expect, it } from 'vitest'
import { orderTotalFlow as fixture } from '../webhook/testing/fixtures'
import { dump, tempDb, type TempDb } from '../transfer/testing/support'
import { VersionStore } from './versions'

// Published flows carry their secret's reference: validation refuses a webhook trigger without one.
const orderTotalFlow = (id: string) => ({ ...fixture(id), webhookSecretRef: id })
const open: TempDb[] = []
afterEach(() => open.splice(0).forEach((t) => t.close()))
const store = () => {
  const t = tempDb()
  open.push(t)
  return { t, versions: new VersionStore(t.db, () => 1000) }
}
const running = (t: TempDb, id: string) =>
  JSON.parse(t.db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(id) as string)

it('numbers versions, runs the newest, and rolls back to an earlier one', () => {
  const { t, versions } = store()
  expect(versions.publish(orderTotalFlow('flw_p')).version).toBe(1)
  expect(versions.publish({ ...orderTotalFlow('flw_p'), name: 'Order total v2' }).version).toBe(2)
  expect(running(t, 'flw_p').name).toBe('Order total v2')
  expect(versions.list('flw_p').map((v) => [v.version, v.active])).toEqual([
    [2, true],
    [1, false],
  ])
  versions.rollback('flw_p', 1)
  expect(running(t, 'flw_p').name).toBe(orderTotalFlow('flw_p').name)
  expect(versions.list('flw_p').map((v) => [v.version, v.active])).toEqual([
    [2, false],
    [1, true],
  ])
  expect(() => versions.rollback('flw_p', 9)).toThrow(/no published version 9/)
})

it('refuses a document that is not a flow or has validation errors, changing nothing', () => {
  const { t, versions } = store()
  versions.publish(orderTotalFlow('flw_p'))
  const before = dump(t.db)
  expect(() => versions.publish({ ...orderTotalFlow('flw_p'), nodes: 'x' })).toThrow(/nodes/)
  const broken = orderTotalFlow('flw_p')
  broken.edges = []
  expect(() => versions.publish(broken)).toThrow(/error/)
  expect(dump(t.db)).toBe(before)
  expect(t.db.prepare('SELECT COUNT(*) FROM flow_versions').pluck().get()).toBe(1)
})

it('a publish interrupted half-way (after the version row, before activation) leaves the old version running', () => {
  const { t, versions } = store()
  versions.publish(orderTotalFlow('flw_p'))
  // A real SQLite failure at the last write of the publish, as a full disk or a killed process would leave it.
  t.db.exec("CREATE TEMP TRIGGER cut BEFORE UPDATE ON published_flows BEGIN SELECT RAISE(ABORT, 'interrupted'); END")
  expect(() => versions.publish({ ...orderTotalFlow('flw_p'), name: 'Half published' })).toThrow(/interrupted/)
  expect(running(t, 'flw_p').name).toBe(orderTotalFlow('flw_p').name)
  expect(versions.list('flw_p').map((v) => v.version)).toEqual([1])
})
