// Issue 30: exporting a flow brings every flow it calls; import resolves callees by id, with a choice on conflict.
import { afterEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow'
import { calleesOf } from '../../../shared/analysis/call-deps'
import { callingFlow } from '../../../shared/analysis/testing/call-graph'
import { readStoredFlow } from '../store/stored-flow'
import { applyImport, findConflicts, type ConflictChoice } from './apply'
import { exportBundle } from './export'
import { readImportFile } from './read'
import { dump, tempDb, type TempDb } from './testing/support'

const open: TempDb[] = []
const fresh = () => {
  const t = tempDb()
  open.push(t)
  return t
}
afterEach(() => open.splice(0).forEach((t) => t.close()))

function seed(t: TempDb, docs: FlowDocument[]) {
  applyImport(
    t.db,
    {
      kind: 'bundle',
      flows: docs.map((document) => ({ document, tests: [] })),
      dependencies: [],
      templates: [],
      catalog: [],
    },
    () => 'skip',
  )
}

const stored = (t: TempDb, id: string) =>
  readStoredFlow(t.db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(id) as string)
const count = (t: TempDb) => t.db.prepare('SELECT COUNT(*) FROM flows').pluck().get() as number

function read(text: string) {
  const r = readImportFile('bundle.json', text)
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.content
}

// appointment → verify → sms; order → verify; unrelated stands alone.
const graph = () => [
  callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }),
  callingFlow('flw_order', ['flw_verify'], { name: 'Order status' }),
  callingFlow('flw_verify', ['flw_sms'], { name: 'Verify phone' }),
  callingFlow('flw_sms', [], { name: 'Send code' }),
  callingFlow('flw_alone', [], { name: 'Alone' }),
]

describe('export with callees', () => {
  it('brings every flow the exported one calls, transitively, each once, in canonical order', () => {
    const a = fresh()
    seed(a, graph())
    const out = exportBundle(a.db, { flowIds: ['flw_appointment', 'flw_order'] })
    const bundle = JSON.parse(out.text)
    expect(bundle.flows.map((f: { document: { id: string } }) => f.document.id)).toEqual([
      'flw_appointment',
      'flw_order',
    ])
    expect(bundle.dependencies.map((d: { id: string }) => d.id)).toEqual(['flw_sms', 'flw_verify'])
    expect(out.dependencyCount).toBe(2)
    expect(out.warnings).toEqual([])
    // A callee exported itself is not repeated as a dependency.
    const both = JSON.parse(exportBundle(a.db, { flowIds: ['flw_appointment', 'flw_verify'] }).text)
    expect(both.dependencies.map((d: { id: string }) => d.id)).toEqual(['flw_sms'])
    // Every flow exported: nothing left to depend on.
    expect(JSON.parse(exportBundle(a.db).text).dependencies).toEqual([])
  })

  it('warns of a call to a flow the studio does not have', () => {
    const a = fresh()
    seed(a, [callingFlow('flw_appointment', ['flw_gone'], { name: 'Appointment' })])
    const out = exportBundle(a.db, { flowIds: ['flw_appointment'] })
    expect(out.warnings).toEqual([
      'Flow "Appointment" calls a flow (id flw_gone) this studio does not have; the bundle cannot carry it.',
    ])
  })

  it('export → import into an empty studio → export gives the same bytes, callees included', () => {
    const a = fresh()
    seed(a, graph())
    const first = exportBundle(a.db, { flowIds: ['flw_appointment'] }).text
    const b = fresh()
    const outcomes = applyImport(b.db, read(first), () => 'skip')
    expect(outcomes.map((o) => [o.flowId, o.action, o.dependency])).toEqual([
      ['flw_appointment', 'created', false],
      ['flw_sms', 'created', true],
      ['flw_verify', 'created', true],
    ])
    expect(exportBundle(b.db, { flowIds: ['flw_appointment'] }).text).toBe(first)
  })
})

describe('import with callees', () => {
  const bundleOf = (callee: FlowDocument) => {
    const a = fresh()
    seed(a, [callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment' }), callee])
    return exportBundle(a.db, { flowIds: ['flw_appointment'] }).text
  }
  const changedVerify = () => callingFlow('flw_verify', [], { name: 'Verify phone', text: 'Their version' })

  it('leaves a callee this studio has unchanged alone: no conflict, no new revision', () => {
    const text = bundleOf(callingFlow('flw_verify', [], { name: 'Verify phone' }))
    const b = fresh()
    seed(b, [callingFlow('flw_verify', [], { name: 'Verify phone' })])
    const content = read(text)
    expect(findConflicts(b.db, content)).toEqual([])
    const out = applyImport(b.db, content, () => 'replace')
    expect(out.find((o) => o.flowId === 'flw_verify')).toMatchObject({ action: 'skipped', dependency: true })
    expect(b.db.prepare("SELECT revision FROM flows WHERE id = 'flw_verify'").pluck().get()).toBe(1)
  })

  it('a callee that differs is a conflict by id, naming who calls it, whatever its name', () => {
    const text = bundleOf(changedVerify())
    const b = fresh()
    seed(b, [callingFlow('flw_verify', [], { name: 'Our verify' })])
    expect(findConflicts(b.db, read(text))).toEqual([
      {
        flowId: 'flw_verify',
        name: 'Verify phone',
        existingId: 'flw_verify',
        existingName: 'Our verify',
        reason: 'id',
        dependency: true,
        calledBy: ['Appointment'],
      },
    ])
  })

  const choose = (choice: ConflictChoice) => {
    const text = bundleOf(changedVerify())
    const b = fresh()
    seed(b, [callingFlow('flw_verify', [], { name: 'Verify phone', text: 'Our version' })])
    const outcomes = applyImport(b.db, read(text), (c) => (c.dependency ? choice : 'skip'))
    return { b, outcomes }
  }
  const textOf = (doc: FlowDocument) => doc.nodes.find((n) => n.name === 'say')!.config.text

  it('keep mine: the studio keeps its callee and the imported caller calls it', () => {
    const { b, outcomes } = choose('skip')
    expect(outcomes.find((o) => o.flowId === 'flw_verify')!.action).toBe('skipped')
    expect(textOf(stored(b, 'flw_verify'))).toBe('Our version')
    expect(calleesOf(stored(b, 'flw_appointment'))).toEqual(['flw_verify'])
    expect(count(b)).toBe(2)
  })

  it("take theirs: the file's callee becomes the studio flow's next revision, its saved tests kept", () => {
    const { b, outcomes } = choose('replace')
    expect(outcomes.find((o) => o.flowId === 'flw_verify')!.action).toBe('replaced')
    expect(textOf(stored(b, 'flw_verify'))).toBe('Their version')
    expect(b.db.prepare("SELECT revision FROM flows WHERE id = 'flw_verify'").pluck().get()).toBe(2)
    expect(calleesOf(stored(b, 'flw_appointment'))).toEqual(['flw_verify'])
  })

  it('import as a copy: a new flow under a new id, and the imported caller is rewired to it', () => {
    const { b, outcomes } = choose('keep-both')
    const copy = outcomes.find((o) => o.flowId === 'flw_verify')!
    expect(copy).toMatchObject({ action: 'copied', name: 'Verify phone (2)', dependency: true })
    expect(copy.storedId).not.toBe('flw_verify')
    expect(textOf(stored(b, copy.storedId!))).toBe('Their version')
    expect(textOf(stored(b, 'flw_verify'))).toBe('Our version')
    expect(calleesOf(stored(b, 'flw_appointment'))).toEqual([copy.storedId])
  })

  it('a caller met by name and replaced into another id has calls to it rewired too', () => {
    const a = fresh()
    seed(a, graph())
    const text = exportBundle(a.db, { flowIds: ['flw_order'] }).text
    const b = fresh()
    // The studio has "Verify phone" under another id; the file's verify is then new by id and imported as itself.
    seed(b, [callingFlow('flw_mine', [], { name: 'Verify phone' })])
    applyImport(b.db, read(text), () => 'replace')
    expect(calleesOf(stored(b, 'flw_order'))).toEqual(['flw_verify'])
    expect(stored(b, 'flw_mine').name).toBe('Verify phone')
  })

  it('refuses a bad dependency with its pointer, and an id given twice, writing nothing', () => {
    const a = fresh()
    seed(a, graph())
    const bundle = JSON.parse(exportBundle(a.db, { flowIds: ['flw_appointment'] }).text)
    bundle.dependencies[1].nodes[0].type = 'nope'
    const bad = readImportFile('b.json', JSON.stringify(bundle))
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.problems[0]!.path).toBe('/dependencies/1/nodes/0/type')
    const twice = JSON.parse(exportBundle(a.db, { flowIds: ['flw_appointment'] }).text)
    twice.dependencies.push(twice.flows[0].document)
    const dup = readImportFile('b.json', JSON.stringify(twice))
    expect(!dup.ok && dup.problems.map((p) => [p.path, p.message])).toEqual([
      ['/dependencies/2/id', 'flow id "flw_appointment" is also used by /flows/0'],
    ])
    const b = fresh()
    const before = dump(b.db)
    expect(bad.ok || dup.ok).toBe(false)
    expect(dump(b.db)).toBe(before)
  })
})
