import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// The saved tests of a flow played on two versions of it: real back end, real SQLite, tests recorded in the emulator.

let temp: TempBackend
beforeEach(() => {
  const now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
})
afterEach(() => temp.cleanup())

function flow(id: string, prompt = 'Name?'): FlowDocument {
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
      { type: 'question', name: 'ask', config: { prompt, saveTo: 'name' } },
      { type: 'message', name: 'bye', config: { text: 'Bye' } },
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

/** A flow with two saved tests (Alpha asks the name, Beta says bye at once); returns its id and first revision. */
async function withTests(): Promise<{ flowId: string; revision: number }> {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: 'Menu' }))
  const saved = expectOk(await api.call('flows.save', { document: flow(created.id) }))
  const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
  const play = async (name: string, button: { id: string; title: string }, answer?: string) => {
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'menu' } }))
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'button_reply', reply: button } }))
    if (answer) expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: answer } }))
    expectOk(await api.call('emulator.saveTest', { ...t, name }))
  }
  await play('alpha', { id: 'a', title: 'Alpha' }, 'Meera')
  await play('beta', { id: 'b', title: 'Beta' })
  return { flowId: created.id, revision: saved.revision }
}

describe('compare.runTests', () => {
  it('lists the tests that pass on one side and fail on the other, and writes no runs', async () => {
    const api = temp.backend
    const { flowId, revision } = await withTests()
    expectOk(await api.call('flows.save', { document: flow(flowId, 'Your name, please?') }))
    const coverage = expectOk(await api.call('emulator.coverage', { flowId }))
    const progress: Array<{ done: number; total: number }> = []
    const off = api.on('compare.testsProgress', (p) => progress.push({ done: p.done, total: p.total }))
    const r = expectOk(await api.call('compare.runTests', { flowId, before: { revision }, after: { stored: true } }))
    off()
    expect(r.differ).toBe(1)
    expect(r.tests.map((t) => [t.name, t.before.passed, t.after.passed])).toEqual([
      ['alpha', true, false],
      ['beta', true, true],
    ])
    expect(r.tests[0]!.after.failures.flatMap((f) => f.lines).join('\n')).toContain('Your name, please?')
    expect(progress).toEqual([1, 2, 3, 4].map((done) => ({ done, total: 4 })))
    // No run was written: the flow's coverage counts the same runs as before.
    expect(expectOk(await api.call('emulator.coverage', { flowId })).runs).toBe(coverage.runs)
  })

  it('names the branches the older side covered that the newer flow lost', async () => {
    const api = temp.backend
    const { flowId, revision } = await withTests()
    const without = flow(flowId)
    const ask = without.nodes.find((n) => n.name === 'ask')!.id
    without.nodes = without.nodes.filter((n) => n.id !== ask)
    without.edges = without.edges.filter((e) => e.source !== ask && e.target !== ask)
    const r = expectOk(
      await api.call('compare.runTests', { flowId, before: { revision }, after: { document: without } }),
    )
    expect(r.lost).toEqual([{ nodeId: ask, nodeName: 'ask', port: 'out', portLabel: expect.any(String), gone: true }])
    expect(r.covered.before).toBeGreaterThan(r.covered.after)
  })

  it('stops when cancelled, and refuses a document it cannot read in words', async () => {
    const api = temp.backend
    const { flowId, revision } = await withTests()
    // Cancelled from the first progress event: the next play stops it.
    const off = api.on('compare.testsProgress', () => void api.call('compare.cancelTests', { flowId }))
    const r = await api.call('compare.runTests', { flowId, before: { revision }, after: { stored: true } })
    off()
    expect(!r.ok && r.error.code).toBe('cancelled')
    expect(expectOk(await api.call('compare.cancelTests', { flowId })).cancelled).toBe(false)
    const bad = await api.call('compare.runTests', { flowId, before: { revision }, after: { document: { nodes: 3 } } })
    expect(!bad.ok && bad.error).toMatchObject({
      code: 'invalid_document',
      message: expect.stringMatching(/cannot be compared/),
    })
    const gone = await api.call('compare.runTests', { flowId, before: { revision: 999 }, after: { stored: true } })
    expect(!gone.ok && gone.error.code).toBe('not_found')
  })
})
