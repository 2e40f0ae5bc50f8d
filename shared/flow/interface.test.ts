import { describe, expect, it } from 'vitest'
import { FlowDocumentSchema, isCallable } from './document'
import { canonicalFlow } from './serialise'

const base = { format: 'chatflow.flow/1', id: 'verify', name: 'Verify', active: false, nodes: [], edges: [] }

describe('a flow interface', () => {
  it('makes a flow callable, and is written in a fixed order with its default kept as JSON', () => {
    const doc = FlowDocumentSchema.parse({
      ...base,
      interface: {
        inputs: [
          { description: 'E.164', required: true, name: 'phone' },
          { name: 'tries', required: false, default: { b: 1, a: 2 } },
        ],
        outputs: [{ name: 'verified' }],
      },
    })
    expect(isCallable(doc)).toBe(true)
    expect(isCallable(FlowDocumentSchema.parse(base))).toBe(false)
    const written = canonicalFlow(doc).interface as { inputs: object[] }
    expect(JSON.stringify(written.inputs)).toBe(
      '[{"name":"phone","required":true,"description":"E.164"},{"name":"tries","required":false,"default":{"a":2,"b":1}}]',
    )
  })

  it('refuses an input or output name that expressions could not read, saying why', () => {
    const r = FlowDocumentSchema.safeParse({
      ...base,
      interface: { inputs: [{ name: 'the phone', required: true }], outputs: [{ name: '1st' }] },
    })
    expect(r.success).toBe(false)
    const messages = r.error!.issues.map((i) => `${i.path.join('/')}: ${i.message}`)
    expect(messages).toEqual([
      "interface/inputs/0/name: An input name: Name 'the phone' contains a space; use only letters, digits and underscore.",
      "interface/outputs/0/name: An output name: Name '1st' starts with a digit; start with a letter or underscore.",
    ])
  })
})
