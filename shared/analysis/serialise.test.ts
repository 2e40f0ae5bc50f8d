import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { FLOW_FORMAT, type FlowDocument } from '../flow/document'
import { NODE_TYPES } from '../nodes/node-types'
import { FLOW_ID } from '../text/identifier'
import { currentTypeVersion, loadFlow, parseFlow } from '../nodes/load-flow'
import { serialiseFlow } from '../flow/serialise'
import { EXAMPLES, example } from './testing/examples'

describe('parseFlow', () => {
  it.each([
    ['not JSON', '{"format": ', 'json.invalid', /^Not JSON: Unexpected end of JSON input \(line 1, column 12\)$/],
    ['not JSON, with a line', '{\n  "a": 1,\n}', 'json.invalid', /\(line 3, column 1\)$/],
    [
      'a bad token on a later line (one line, with line and column)',
      '{\n  "a": 1,\n  "b": x\n}',
      'json.invalid',
      /^Not JSON: Unexpected character 'x' \(line 3, column 8\)$/,
    ],
    ['single quotes', "{'a': 1}", 'json.invalid', /\(line 1, column 2\)$/],
    ['an array', '[]', 'format.not_object', /must hold a JSON object/],
    [
      'an unknown format',
      '{"format": "bpmn/2"}',
      'format.unknown',
      /format 'bpmn\/2' is unknown \(expected 'chatflow.flow\/1'\)/,
    ],
    [
      'a JSON object that is not a flow',
      '{"name": "chatflow-studio", "version": "1.0.0"}',
      'format.unknown',
      /^This is not a Chatflow flow: it has no 'format' field and no 'nodes' list/,
    ],
    [
      'a bundle',
      '{"format": "chatflow.bundle/1", "flows": []}',
      'format.unknown',
      /^This is a Chatflow bundle \(chatflow.bundle\/1\), not a single flow; import it/,
    ],
    [
      'a newer format',
      '{"format": "chatflow.flow/2", "id": "f"}',
      'format.newer',
      /format chatflow.flow\/2, newer than this studio reads \(chatflow.flow\/1\). Update/,
    ],
    [
      'a document missing its name',
      `{"format": "${FLOW_FORMAT}", "id": "f", "active": true, "nodes": [], "edges": []}`,
      'document.invalid',
      /^Not a valid flow document: \/name: this required field is missing$/,
    ],
    [
      'a node of an unknown type',
      `{"format": "${FLOW_FORMAT}", "id": "f", "name": "F", "active": true, "nodes": [{"id": "a", "type": "teleport", "name": "a", "position": {"x": 0, "y": 0}, "config": {}}], "edges": []}`,
      'document.invalid',
      /^Not a valid flow document: \/nodes\/0\/type: /,
    ],
  ])('refuses %s with one clear message', (_t, text, code, message) => {
    const r = parseFlow(text)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe(code)
      expect(r.error.message).toMatch(message)
      expect(r.error.message).not.toMatch(/\n/)
    }
  })

  it('reads a file that starts with a UTF-8 byte order mark', () => {
    const r = parseFlow('\ufeff' + JSON.stringify(EXAMPLES['age-gate']))
    expect(r.ok).toBe(true)
  })

  it("refuses a '__proto__' key anywhere, with its pointer, instead of silently dropping it", () => {
    const text = `{"format": "chatflow.flow/1", "id": "f", "name": "F", "active": true, "nodes": [], "edges": [], "samples": {"a": [{"__proto__": 1}]}}`
    const r = parseFlow(text)
    expect(!r.ok && r.error).toEqual({
      code: 'document.invalid',
      pointer: '/samples/a/0/__proto__',
      message: "Not a valid flow document: /samples/a/0/__proto__: the key '__proto__' is not allowed.",
    })
  })

  it('migrates the pre-release sketch (no format, React Flow edges) forward', () => {
    const old = {
      id: 'f1',
      name: 'Old',
      nodes: [
        { id: 'a', type: 'trigger', name: 'trigger_1', position: { x: 0, y: 0 }, config: {} },
        { id: 'b', type: 'end', name: 'end_1', position: { x: 0, y: 100 }, config: {} },
      ],
      edges: [
        { id: 'e1', source: 'a', sourceHandle: 'out', target: 'b' },
        { id: 'e2', source: 'a', target: 'b' },
      ],
    }
    const r = loadFlow(old)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.migratedFrom).toBe(0)
    expect(r.document).toMatchObject({ format: FLOW_FORMAT, active: false, samples: {}, webhookSecretRef: null })
    expect(r.document.edges).toEqual([
      { id: 'e1', source: 'a', sourcePort: 'out', target: 'b' },
      { id: 'e2', source: 'a', sourcePort: 'out', target: 'b' },
    ])
  })

  it('reads a current document without migrating it', () => {
    const r = loadFlow(EXAMPLES['age-gate'])
    expect(r.ok && r.migratedFrom).toBe(null)
  })
})

describe('serialiseFlow', () => {
  it.each(Object.keys(EXAMPLES))('example %s is stored in canonical form (byte-stable)', (name) => {
    expect(JSON.parse(serialiseFlow(example(name)))).toEqual(EXAMPLES[name])
    expect(serialiseFlow(example(name))).toBe(JSON.stringify(EXAMPLES[name], null, 2) + '\n')
  })

  it('writes keys in a fixed order whatever order they came in', () => {
    const a = example('catalogue')
    const b = JSON.parse(JSON.stringify(a), (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    ) as FlowDocument
    expect(Object.keys(b)[0]).not.toBe('format')
    expect(serialiseFlow(b)).toBe(serialiseFlow(a))
  })
})

const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x))
// Documents come from JSON text, which cannot hold -0 (fc.jsonValue can generate it inside arrays).
const fromJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
// '__proto__' keys are refused on load (see the test above), so valid documents have none.
const key = fc.string().filter((k) => k !== '__proto__')
const jsonObject = fc
  .dictionary(key, fc.jsonValue(), { maxKeys: 5 })
  .map(fromJson)
  .filter((o) => !JSON.stringify(o).includes('"__proto__"'))
const docArb: fc.Arbitrary<FlowDocument> = fc.record({
  format: fc.constant(FLOW_FORMAT),
  id: fc.stringMatching(FLOW_ID),
  name: fc.string({ minLength: 1, maxLength: 120 }),
  active: fc.boolean(),
  nodes: fc.array(
    fc
      .record({
        id: fc.string({ minLength: 1 }),
        type: fc.constantFrom(...NODE_TYPES),
        name: fc.string(),
        position: fc.record({ x: finite, y: finite }),
        config: jsonObject,
      })
      .map((n) => ({ ...n, typeVersion: currentTypeVersion(n.type) })),
    { maxLength: 6 },
  ),
  edges: fc.array(
    fc.record({
      id: fc.string({ minLength: 1 }),
      source: fc.string({ minLength: 1 }),
      sourcePort: fc.string({ minLength: 1 }),
      target: fc.string({ minLength: 1 }),
    }),
    { maxLength: 6 },
  ),
  samples: jsonObject,
  webhookSecretRef: fc.option(fc.string(), { nil: null }),
})

describe('round trip property', () => {
  it('every valid document survives serialise → parse unchanged, and re-serialising gives the same bytes', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const text = serialiseFlow(doc)
        const back = parseFlow(text)
        if (!back.ok) throw new Error(back.error.message)
        expect(back.document).toEqual(doc)
        expect(serialiseFlow(back.document)).toBe(text)
      }),
      { numRuns: 300 },
    )
  })
})
