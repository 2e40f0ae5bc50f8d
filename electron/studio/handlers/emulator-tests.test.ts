import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createEffects } from '../../../shared/engine'
import { parseConversationTest, runConversationTest } from '../../../shared/engine/conversation'
import { nodeCatalog } from '../../../shared/nodes/runners'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let now: number
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
})
afterEach(() => temp.cleanup())

function flow(id: string, bye = 'Bye {{name}}'): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['menu'] } },
      {
        type: 'interactive_message',
        name: 'pick',
        config: {
          body: 'Pick one',
          buttons: [
            { id: 'a', title: 'Alpha' },
            { id: 'b', title: 'Beta' },
          ],
        },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
      { type: 'message', name: 'bye', config: { text: bye } },
    ],
    [
      ['trigger_1', 'out', 'pick'],
      ['pick', 'a', 'ask'],
      ['pick', 'b', 'bye'],
      ['ask', 'out', 'bye'],
    ],
    { id, name: 'Menu', active: true },
  )
}

describe('save as test, run in the studio and on the command line', () => {
  it('records the conversation, passes, then catches a regression with a diff', async () => {
    const api = temp.backend
    const created = expectOk(await api.call('flows.create', { name: 'Menu' }))
    expectOk(await api.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'menu' } }))
    expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'a', title: 'Alpha' } } }),
    )
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Meera' } }))

    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'alpha path' }))
    expect(saved.yaml).toContain('trigger:\n  message: menu')
    expect(saved.yaml).toContain('- user:\n      button: Alpha')
    expect(saved.yaml).toContain('text: Bye Meera')
    const dup = await api.call('emulator.saveTest', { ...t, name: 'alpha path' })
    expect(!dup.ok && dup.error.code).toBe('conflict')

    // The same YAML plays unchanged in the engine's conversation-test player (what `chatflow test` runs).
    const parsed = parseConversationTest(saved.yaml)
    expect(parsed.ok).toBe(true)
    const cli = await runConversationTest(flow(created.id), parsed.ok ? parsed.test : (null as never), {
      effects: createEffects(),
      catalog: nodeCatalog,
    })
    expect(cli.failures).toEqual([])

    const [pass] = expectOk(await api.call('emulator.runTests', { flowId: created.id }))
    expect(pass!.lastRun).toMatchObject({ passed: true, failures: [] })

    const changed = flow(created.id, 'Goodbye {{name}}!')
    expectOk(await api.call('flows.save', { document: changed }))
    const [fail] = expectOk(await api.call('emulator.runTests', { flowId: created.id, ids: [saved.id] }))
    expect(fail!.lastRun!.passed).toBe(false)
    const lines = fail!.lastRun!.failures.flatMap((f) => f.lines).join('\n')
    expect(lines).toContain('Bye Meera')
    expect(lines).toContain('Goodbye Meera!')
    expect(expectOk(await api.call('emulator.testStatus', {}))).toEqual({ [created.id]: { total: 1, failed: 1 } })
  })

  it('counts test runs in coverage and leaves no paused run behind', async () => {
    const api = temp.backend
    const created = expectOk(await api.call('flows.create', { name: 'Menu' }))
    expectOk(await api.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    expectOk(
      await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: { id: 'b', title: 'Beta' } } }),
    )
    expectOk(await api.call('emulator.saveTest', { ...t, name: 'beta' }))
    // A new contact that taps Alpha and stops while the question waits: saved with the run paused.
    const other = expectOk(await api.call('emulator.newContact', {}))
    const t2 = { flowId: created.id, contactId: other.id }
    expectOk(await api.call('emulator.start', { ...t2, trigger: { kind: 'manual' } }))
    expectOk(
      await api.call('emulator.send', { ...t2, event: { type: 'button_reply', reply: { id: 'a', title: 'Alpha' } } }),
    )
    const paused = expectOk(await api.call('emulator.saveTest', { ...t2, name: 'alpha waits' }))
    expect(paused.yaml).toContain('state: paused')
    expectOk(await api.call('emulator.restart', t))
    expectOk(await api.call('emulator.restart', t2))

    const before = expectOk(await api.call('emulator.coverage', { flowId: created.id }))
    const results = expectOk(await api.call('emulator.runTests', { flowId: created.id }))
    expect(results.map((r) => [r.name, r.lastRun!.passed])).toEqual([
      ['alpha waits', true],
      ['beta', true],
    ])
    const after = expectOk(await api.call('emulator.coverage', { flowId: created.id }))
    expect(after.runs).toBe(before.runs + 2)
    // The test of the paused conversation ran under the same contact: its run is logged ended, not waiting.
    const latest = expectOk(await api.call('emulator.session', { flowId: created.id, contactId: other.id }))
    expect(latest.run).toMatchObject({ status: 'ended', endReason: 'superseded' })
    expectOk(await api.call('emulator.deleteTest', { id: paused.id }))
    expect(expectOk(await api.call('emulator.tests', { flowId: created.id })).map((r) => r.name)).toEqual(['beta'])
  })
})
