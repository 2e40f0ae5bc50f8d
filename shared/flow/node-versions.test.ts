import { describe, expect, it } from 'vitest'
import { historyProblems, migrateNodeVersions, nodeVersionCatalogue, type VersionedNodeType } from './node-versions'

// A node type of three versions: 1 had `greeting`, 2 renamed it `text`, 3 made `text` a list of lines.
const ECHO: VersionedNodeType = {
  type: 'echo',
  label: 'Echo',
  version: 3,
  migrations: [
    { from: 1, description: "'greeting' is called 'text'", up: ({ greeting, ...c }) => ({ ...c, text: greeting }) },
    { from: 2, description: "'text' is a list of lines", up: ({ text, ...c }) => ({ ...c, lines: [text] }) },
  ],
}
const catalogue = nodeVersionCatalogue([ECHO, { type: 'end', label: 'End', version: 1, migrations: [] }])

const doc = (...nodes: unknown[]) => ({ format: 'chatflow.flow/1', nodes })
const echo = (config: Record<string, unknown>, typeVersion?: unknown) => ({
  id: 'n1',
  type: 'echo',
  name: 'echo_1',
  position: { x: 0, y: 0 },
  config,
  ...(typeVersion === undefined ? {} : { typeVersion }),
})

describe('migrateNodeVersions', () => {
  it('reads a node without typeVersion as version 1 and brings it through every step, in order', () => {
    const r = migrateNodeVersions(doc(echo({ greeting: 'hi', keep: true })), catalogue)
    expect(r).toEqual({
      ok: true,
      value: doc({ ...echo({ keep: true, lines: ['hi'] }), typeVersion: 3 }),
      migrated: [{ nodeId: 'n1', nodeName: 'echo_1', type: 'echo', from: 1, to: 3 }],
    })
  })

  it('starts from the version the node records', () => {
    const r = migrateNodeVersions(doc(echo({ text: 'hi' }, 2)), catalogue)
    expect(r.ok && r.value.nodes).toEqual([echo({ lines: ['hi'] }, 3)])
  })

  it('leaves a current node as it is and records the version on nodes written before versions', () => {
    const current = echo({ lines: [] }, 3)
    const end = { id: 'n2', type: 'end', name: 'end_1', position: { x: 0, y: 0 }, config: {} }
    const r = migrateNodeVersions(doc(current, end), catalogue)
    expect(r.ok && r.value.nodes).toEqual([current, { ...end, typeVersion: 1 }])
    expect(r.ok && (r.value.nodes as unknown[])[0]).toBe(current)
    expect(r.ok && r.migrated).toEqual([])
  })

  it('refuses a node of a version newer than it knows, naming the node, the type and both versions', () => {
    const r = migrateNodeVersions(doc(echo({ lines: [] }, 3), { ...echo({}, 4), name: 'later' }), catalogue)
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'node.newer',
        message:
          "Node 'later' is version 4 of the Echo node type (echo), but this build knows only up to version 3. Update Chatflow to open, validate or run this flow.",
        pointer: '/nodes/1/typeVersion',
      },
    })
  })

  it.each([0, -1, 1.5, '2', null, true])('refuses typeVersion %j as invalid', (v) => {
    const r = migrateNodeVersions(doc(echo({}, v)), catalogue)
    expect(r.ok ? null : r.error.code).toBe('node.version_invalid')
    expect(r.ok ? null : r.error.pointer).toBe('/nodes/0/typeVersion')
  })

  it('says which step failed when a migration throws or returns no object, and never throws itself', () => {
    const broken = nodeVersionCatalogue([
      { ...ECHO, migrations: [ECHO.migrations[0]!, { ...ECHO.migrations[1]!, up: () => JSON.parse('{') }] },
    ])
    const r = migrateNodeVersions(doc(echo({ greeting: 'x' })), broken)
    expect(r.ok ? null : r.error).toEqual({
      code: 'node.migration_failed',
      message: "Node 'echo_1' (Echo) could not be brought from version 2 to 3 ('text' is a list of lines).",
      pointer: '/nodes/0/config',
    })
    const missing = migrateNodeVersions(doc(echo({})), nodeVersionCatalogue([{ ...ECHO, migrations: [] }]))
    expect(missing.ok ? null : missing.error.message).toContain('no migration is declared for that step')
  })

  it('gives each step a copy: the caller keeps its document as it was', () => {
    const mutating = nodeVersionCatalogue([
      {
        type: 'echo',
        label: 'Echo',
        version: 2,
        migrations: [{ from: 1, description: 'drops a', up: (c) => (delete c.a, c) }],
      },
    ])
    const input = doc(echo({ a: 1 }))
    const before = structuredClone(input)
    expect(migrateNodeVersions(input, mutating).ok).toBe(true)
    expect(input).toEqual(before)
  })

  it('leaves to the schema and validation what is not theirs: unknown types, non-objects, configs that are not objects', () => {
    const odd = [
      null,
      'x',
      { ...echo({}), type: 'nope', typeVersion: 99 },
      { ...echo({}), config: 'x', typeVersion: 99 },
    ]
    const r = migrateNodeVersions(doc(...odd), catalogue)
    expect(r.ok && r.value.nodes).toEqual(odd)
    expect(migrateNodeVersions({ nodes: 'none' }, catalogue)).toEqual({
      ok: true,
      value: { nodes: 'none' },
      migrated: [],
    })
  })
})

describe('historyProblems', () => {
  it('asks for one migration from each older version, in order, each described', () => {
    expect(historyProblems(ECHO)).toEqual([])
    expect(historyProblems({ ...ECHO, migrations: [ECHO.migrations[1]!, ECHO.migrations[0]!] })).toEqual([
      'echo: migrations go from [2, 1], expected [1, 2]',
    ])
    expect(historyProblems({ ...ECHO, version: 0, migrations: [] })).toEqual([
      'echo: version 0 is not a whole number from 1',
    ])
    expect(
      historyProblems({ ...ECHO, migrations: [ECHO.migrations[0]!, { ...ECHO.migrations[1]!, description: ' ' }] }),
    ).toEqual(['echo: migration 2 has no description'])
  })
})
