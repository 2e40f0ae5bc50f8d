import { afterEach, describe, expect, it } from 'vitest'
import type { BreakpointValue } from '../../../shared/api/commands/breakpoints'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'
import { openDatabase } from '../../services/db/open'
import { DB_FILE_NAME } from '../backend'

// Breakpoints travel in an exported file only when asked (docs/flow-format.md, "Breakpoints"), and an import moves
// them into the studio's breakpoints store, never into the stored document.

const temps: TempBackend[] = []
afterEach(async () => Promise.all(temps.splice(0).map((t) => t.cleanup())))

function temp(): TempBackend {
  const t = createTempBackend({ log: () => {} })
  temps.push(t)
  return t
}

async function flowWithBreakpoints(b: Backend) {
  const { flowId } = await askFlow(b)
  const doc = expectOk(await b.call('flows.get', { id: flowId })).document
  const q = doc.nodes.find((n) => n.name === 'q')!
  const edge = doc.edges.find((e) => e.source === q.id)!
  const list: BreakpointValue[] = [
    { id: 'b1', at: { kind: 'node', nodeId: q.id }, enabled: true },
    { id: 'b2', at: { kind: 'edge', edgeId: edge.id }, enabled: false, condition: '{{ {{name}} == "Ann" }}' },
  ]
  expectOk(await b.call('breakpoints.set', { flowId, breakpoints: list }))
  return { flowId, q, edge, list }
}

const documentOf = (text: string) =>
  (JSON.parse(text) as { flows: { document: Record<string, unknown> }[] }).flows[0]!.document

/** The flow's stored rows (document and every revision) as written in the SQLite file. */
function storedRows(t: TempBackend, flowId: string): string[] {
  const db = openDatabase(`${t.dataDir}/${DB_FILE_NAME}`)
  try {
    return [
      db.prepare('SELECT document FROM flows WHERE id = ?').pluck().get(flowId) as string,
      ...(db.prepare('SELECT document FROM flow_revisions WHERE flow_id = ?').pluck().all(flowId) as string[]),
    ]
  } finally {
    db.close()
  }
}

describe('breakpoints in export and import', () => {
  it('are in the exported document only when asked', async () => {
    const t = temp()
    const { flowId, list } = await flowWithBreakpoints(t.backend)
    const without = expectOk(await t.backend.call('transfer.export', { flowIds: [flowId] }))
    expect(documentOf(without.text)).not.toHaveProperty('debug')
    const withThem = expectOk(await t.backend.call('transfer.export', { flowIds: [flowId], includeBreakpoints: true }))
    expect(documentOf(withThem.text).debug).toEqual({ breakpoints: list })
  })

  it('import moves them into the breakpoints store, never the stored document, and the round trip is exact', async () => {
    const from = temp()
    const { flowId, list } = await flowWithBreakpoints(from.backend)
    const text = expectOk(
      await from.backend.call('transfer.export', { flowIds: [flowId], includeBreakpoints: true }),
    ).text

    const to = temp()
    const { outcomes } = expectOk(await to.backend.call('transfer.import', { fileName: 'ask.chatflow.json', text }))
    expect(outcomes).toMatchObject([{ action: 'created', storedId: flowId, breakpointsKept: 2, notes: [] }])
    expect(expectOk(await to.backend.call('breakpoints.list', { flowId }))).toEqual(list)
    expect(expectOk(await to.backend.call('flows.get', { id: flowId })).document).not.toHaveProperty('debug')

    const back = expectOk(await to.backend.call('transfer.export', { flowIds: [flowId], includeBreakpoints: true }))
    expect(back.text).toBe(text)
    // The file itself, studio closed: neither the flow's row nor any revision holds them.
    await to.backend.close()
    const rows = storedRows(to, flowId)
    expect(rows.length).toBeGreaterThan(1)
    for (const row of rows) expect(JSON.parse(row)).not.toHaveProperty('debug')
    expect(expectOk(await (await to.reopen()).call('breakpoints.list', { flowId }))).toEqual(list)
  })

  it('a copy gets them under its own id; ones whose target or condition is unusable are left out with a note', async () => {
    const t = temp()
    const { flowId, q, list } = await flowWithBreakpoints(t.backend)
    const text = expectOk(await t.backend.call('transfer.export', { flowIds: [flowId], includeBreakpoints: true })).text
    const doc = documentOf(text) as { debug: { breakpoints: BreakpointValue[] } }
    doc.debug.breakpoints.push(
      { id: 'gone', at: { kind: 'node', nodeId: 'n_not_there' }, enabled: true },
      { id: 'bad', at: { kind: 'node', nodeId: q.id }, enabled: true, condition: '{{ name == }}' },
      { id: 'b1', at: { kind: 'node', nodeId: q.id }, enabled: true },
    )
    const bundle = JSON.parse(text) as { flows: { document: unknown }[] }
    bundle.flows[0]!.document = doc
    const { outcomes } = expectOk(
      await t.backend.call('transfer.import', {
        fileName: 'ask.chatflow.json',
        text: JSON.stringify(bundle),
        onConflict: 'keep-both',
      }),
    )
    const copy = outcomes[0]!
    expect(copy).toMatchObject({ action: 'copied', breakpointsKept: 2 })
    expect(copy.storedId).not.toBe(flowId)
    expect(copy.notes).toEqual([
      expect.stringMatching(/^Breakpoint gone was left out: flow "Ask \(2\)" has no node n_not_there\.$/),
      expect.stringMatching(/^Breakpoint bad on node .* was left out\. The condition does not parse/),
      'Breakpoint b1 was left out: a second breakpoint with that id.',
    ])
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId: copy.storedId! }))).toEqual(list)
    // The original's are untouched.
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId }))).toEqual(list)
  })

  it('a file without breakpoints leaves a replaced flow’s own breakpoints as they are', async () => {
    const t = temp()
    const { flowId, list } = await flowWithBreakpoints(t.backend)
    const text = expectOk(await t.backend.call('transfer.export', { flowIds: [flowId] })).text
    const { outcomes } = expectOk(
      await t.backend.call('transfer.import', { fileName: 'ask.chatflow.json', text, onConflict: 'replace' }),
    )
    expect(outcomes[0]).toMatchObject({ action: 'replaced' })
    expect(outcomes[0]).not.toHaveProperty('notes')
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId }))).toEqual(list)
  })
})
