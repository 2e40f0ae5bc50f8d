// "Generate tests" through the back end: a real SQLite file, the studio's own effects (Scripts run in the sandbox).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GENERATED_TEST_PREFIX } from '../../../shared/api/commands/emulator-tests'
import type { FlowDocument } from '../../../shared/flow/document'
import { example } from '../../../shared/analysis/testing/examples'
import { payloadScript } from '../../../shared/generate/testing/flows'
import { manyConditionsFlow } from '../../../shared/generate/testing/many-conditions'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
beforeEach(() => {
  temp = createTempBackend()
})
afterEach(() => temp.cleanup())

async function saved(doc: FlowDocument): Promise<string> {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: doc.name }))
  expectOk(await api.call('flows.save', { document: { ...doc, id: created.id } }))
  return created.id
}

describe('emulator.generateTests', () => {
  it('saves tests that take every branch, runs them, and their runs count for coverage', async () => {
    const api = temp.backend
    const flowId = await saved(example('age-gate'))
    const progress: number[] = []
    api.on('emulator.generateProgress', (p) => {
      expect(p.flowId).toBe(flowId)
      progress.push(p.covered)
    })
    const suite = expectOk(await api.call('emulator.generateTests', { flowId }))
    expect(suite).toMatchObject({ covered: 9, total: 9, unreached: [], gaveUp: false, dropped: [] })
    expect(suite.tests.length).toBe(4)
    expect(suite.tests.every((t) => t.name.startsWith(GENERATED_TEST_PREFIX) && t.lastRun?.passed)).toBe(true)
    expect(progress.length).toBeGreaterThan(0)
    const coverage = expectOk(await api.call('emulator.coverage', { flowId }))
    expect([coverage.covered, coverage.total]).toEqual([9, 9])
  })

  it('replaces the tests it generated before and keeps the ones a person saved', async () => {
    const api = temp.backend
    const flowId = await saved(example('order-status'))
    const contactId = expectOk(await api.call('emulator.contact', {})).id
    expectOk(await api.call('emulator.start', { flowId, contactId, trigger: { kind: 'keyword', text: 'order' } }))
    expectOk(await api.call('emulator.saveTest', { flowId, contactId, name: 'asks for the number' }))
    expectOk(await api.call('emulator.generateTests', { flowId }))
    const again = expectOk(await api.call('emulator.generateTests', { flowId }))
    const names = expectOk(await api.call('emulator.tests', { flowId })).map((t) => t.name)
    expect(names.filter((n) => n.startsWith(GENERATED_TEST_PREFIX)).length).toBe(again.tests.length)
    expect(names).toContain('asks for the number')
  })

  it('runs a Script for real, and mocks it where an output must take a value to open a branch', async () => {
    const api = temp.backend
    const flowId = await saved(payloadScript())
    const suite = expectOk(await api.call('emulator.generateTests', { flowId }))
    expect(suite.unreached).toEqual([])
    expect(suite.tests.every((t) => t.lastRun?.passed)).toBe(true)
    // The script doubles 5: its real run takes the else route; High needs a band and total no real run gives.
    const real = suite.tests.find((t) => t.name.includes('by_band: Else') && !t.yaml.includes('price:\n'))!
    expect(real.yaml).not.toContain('price:\n')
    expect(real.yaml).toContain('text: Total 10.')
    const high = suite.tests.find((t) => t.name.includes('by_band: High'))!
    expect(high.yaml).toMatch(/mocks:\n {2}price:\n {4}output:/)
  })

  it('Cancel reaches the generator through the contract while it works: it stops, and nothing is saved', async () => {
    const api = temp.backend
    const flowId = await saved(manyConditionsFlow())
    const first = new Promise<string>((resolve) => api.on('emulator.generateProgress', (p) => resolve(p.phase)))
    const generating = api.call('emulator.generateTests', { flowId, seconds: 120 })
    // The search for start values takes minutes on this flow: progress comes while it runs, and so does the cancel.
    expect(await first).toMatch(/^(analysis|starts|explore)$/)
    const twice = await api.call('emulator.generateTests', { flowId })
    expect(!twice.ok && twice.error.code).toBe('conflict')
    expect(expectOk(await api.call('emulator.cancelGenerate', { flowId }))).toEqual({ cancelled: true })
    const r = await generating
    expect(!r.ok && r.error).toMatchObject({ code: 'cancelled', message: expect.stringContaining('unchanged') })
    expect(expectOk(await api.call('emulator.tests', { flowId }))).toEqual([])
    expect(expectOk(await api.call('emulator.cancelGenerate', { flowId }))).toEqual({ cancelled: false })
  })

  it('refuses an unknown flow', async () => {
    const r = await temp.backend.call('emulator.generateTests', { flowId: 'flw_missing' })
    expect(!r.ok && r.error.code).toBe('not_found')
  })
})
