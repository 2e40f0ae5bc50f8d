import { describe, expect, it } from 'vitest'
import { example } from './testing/examples'
import { validateFlow } from './validate'

// The appointment example marks its two path warnings as intentional (resources/examples/appointment.flow.json).
const unmarked = () => {
  const doc = example('appointment')
  delete doc.intentional
  return doc
}
const summary = (doc: ReturnType<typeof example>) =>
  validateFlow(doc).map((p) => `${p.severity} ${p.code} ${p.nodeId ?? p.pointer}`)

describe('intentional warnings', () => {
  it('without markers the warnings are warnings', () => {
    expect(summary(unmarked())).toEqual(['warning branch.unreachable n_router', 'warning node.never_runs n_other'])
  })

  it('a marker turns the warning of that code on that node into a note carrying its reason, and no other', () => {
    const doc = unmarked()
    doc.intentional = [{ code: 'branch.unreachable', nodeId: 'n_router', why: 'shows path analysis' }]
    const problems = validateFlow(doc)
    expect(problems.map((p) => `${p.severity} ${p.code} ${p.nodeId}`)).toEqual([
      'note branch.unreachable n_router',
      'warning node.never_runs n_other',
    ])
    expect(problems[0]!.why).toBe('shows path analysis')
    expect(problems[0]!.message).toMatch(/^'by_service' can never take 'Else'/)
  })

  it('a marker of the right code on another node, or of another code, marks nothing and is reported stale', () => {
    const doc = unmarked()
    doc.intentional = [
      { code: 'branch.unreachable', nodeId: 'n_other', why: 'wrong node' },
      { code: 'name.duplicate', nodeId: 'n_router', why: 'wrong code' },
    ]
    const problems = validateFlow(doc)
    expect(problems.filter((p) => p.severity === 'note')).toEqual([])
    const stale = problems.filter((p) => p.code === 'intentional.stale')
    expect(stale.map((p) => [p.severity, p.nodeId, p.pointer])).toEqual([
      ['warning', 'n_other', '/intentional/0'],
      ['warning', 'n_router', '/intentional/1'],
    ])
    expect(stale[0]!.message).toContain("marks a 'branch.unreachable' warning on 'unknown_service' as intentional")
  })

  it('a marker naming no node is stale and says so', () => {
    const doc = unmarked()
    doc.intentional = [{ code: 'node.never_runs', nodeId: 'n_gone', why: 'x' }]
    const stale = validateFlow(doc).find((p) => p.code === 'intentional.stale')!
    expect(stale.nodeId).toBeUndefined()
    expect(stale.message).toContain("node 'n_gone', which does not exist")
  })

  it('an error cannot be marked: it stays an error and the marker is stale', () => {
    const doc = unmarked()
    doc.nodes = doc.nodes.filter((n) => n.type !== 'trigger')
    doc.intentional = [{ code: 'flow.no_trigger', nodeId: 'n_router', why: 'x' }]
    const problems = validateFlow(doc)
    expect(problems.some((p) => p.code === 'flow.no_trigger' && p.severity === 'error')).toBe(true)
    expect(problems.some((p) => p.code === 'intentional.stale')).toBe(true)
  })
})
