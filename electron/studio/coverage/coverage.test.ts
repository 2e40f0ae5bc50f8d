import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { structureKey } from './branches'

let temp: TempBackend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
})
afterEach(() => temp.cleanup())

function flow(id: string, byeText = 'Bye', extraEdge = false): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'interactive_message',
        name: 'pick',
        config: {
          body: 'Pick',
          buttons: [
            { id: 'a', title: 'Alpha' },
            { id: 'b', title: 'Beta' },
          ],
        },
      },
      { type: 'message', name: 'bye', config: { text: byeText } },
      { type: 'end', name: 'end_1' },
    ],
    [
      ['trigger_1', 'out', 'pick'],
      ['pick', 'a', 'bye'],
      ...(extraEdge ? ([['bye', 'out', 'end_1']] as Array<[string, string, string]>) : []),
    ],
    { id, name: 'Cov' },
  )
}

describe('branch coverage from the Flow Logs', () => {
  it('counts every port taken by any run, including unconnected ones, and reaches 100%', async () => {
    const api = temp.backend
    const created = expectOk(await api.call('flows.create', { name: 'Cov' }))
    expectOk(await api.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    const empty = expectOk(await api.call('emulator.coverage', { flowId: created.id }))
    // trigger out, pick a, pick b, bye out; End has no port.
    expect(empty).toMatchObject({ covered: 0, total: 4, percent: 0, runs: 0, reachedNodeIds: [] })
    expect(empty.branches.find((b) => b.port === 'b')).toMatchObject({ nodeName: 'pick', edgeId: null, covered: false })

    now += 1000
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'a', title: 'Alpha' } } }),
    )
    const half = expectOk(await api.call('emulator.coverage', { flowId: created.id }))
    expect(half).toMatchObject({ covered: 3, total: 4, percent: 75, runs: 1 })
    expect(half.branches.filter((b) => !b.covered).map((b) => `${b.nodeName}.${b.port}`)).toEqual(['pick.b'])

    // A second contact takes the other button: coverage is per flow, across runs and contacts.
    const other = expectOk(await api.call('emulator.newContact', {}))
    const t2 = { flowId: created.id, contactId: other.id }
    expectOk(await api.call('emulator.start', { ...t2, trigger: { kind: 'manual' } }))
    expectOk(
      await api.call('emulator.send', { ...t2, event: { type: 'button_reply', reply: { id: 'b', title: 'Beta' } } }),
    )
    expect(expectOk(await api.call('emulator.coverage', { flowId: created.id }))).toMatchObject({
      covered: 4,
      percent: 100,
      runs: 2,
    })
    expect(expectOk(await api.call('emulator.coverageAll', {}))).toEqual({ [created.id]: 100 })
  })

  it('keeps coverage through text edits and resets it when the structure changes', async () => {
    const api = temp.backend
    const created = expectOk(await api.call('flows.create', { name: 'Cov' }))
    expectOk(await api.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    now += 1000
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    now += 1000
    expectOk(await api.call('flows.save', { document: flow(created.id, 'Goodbye') }))
    expect(expectOk(await api.call('emulator.coverage', { flowId: created.id }))).toMatchObject({ covered: 1, runs: 1 })
    now += 1000
    expectOk(await api.call('flows.save', { document: flow(created.id, 'Goodbye', true) }))
    const reset = expectOk(await api.call('emulator.coverage', { flowId: created.id }))
    expect(reset).toMatchObject({ covered: 0, runs: 0, since: now })
  })

  it('the structure key ignores text and positions but not ports or edges', () => {
    const a = flow('f')
    const moved = structuredClone(a)
    moved.nodes[0]!.position = { x: 500, y: 9 }
    expect(structureKey(flow('f', 'Other text'))).toBe(structureKey(a))
    expect(structureKey(moved)).toBe(structureKey(a))
    expect(structureKey(flow('f', 'Bye', true))).not.toBe(structureKey(a))
    const threeButtons = structuredClone(a)
    ;(threeButtons.nodes[1]!.config.buttons as unknown[]).push({ id: 'c', title: 'Gamma' })
    expect(structureKey(threeButtons)).not.toBe(structureKey(a))
  })
})
