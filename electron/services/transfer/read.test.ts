import { describe, expect, it } from 'vitest'
import { serialiseFlow } from '../../../shared/flow'
import { formatProblem, readImportFile } from './read'
import { exampleFlow, exampleTests } from './testing/support'

const flow = () => JSON.parse(serialiseFlow(exampleFlow('age-gate')))
const bundle = (patch: (b: Record<string, any>) => void) => {
  const b: Record<string, any> = {
    format: 'chatflow.bundle/1',
    flows: [{ document: flow(), tests: exampleTests('age-gate').slice(0, 1) }],
    templates: [],
  }
  patch(b)
  return JSON.stringify(b)
}

// Every kind of bad file, with the JSON pointer the first problem must name.
const BAD: Array<[string, string, string, RegExp]> = [
  ['not JSON', '{"format": "chatflow.bundle/1", ', '', /not JSON/],
  [
    'a bad token, named by line and column on one line',
    '{\n  "format": x\n}',
    '',
    /^not JSON \(Unexpected character 'x' \(line 2, column \d+\)\)$/,
  ],
  ['an array', '[]', '', /JSON object/],
  ['a newer bundle format', bundle((b) => (b.format = 'chatflow.bundle/2')), '/format', /not known/],
  ['a newer flow format', JSON.stringify({ ...flow(), format: 'chatflow.flow/9' }), '', /newer|version/i],
  ['a flow missing its nodes', JSON.stringify({ ...flow(), nodes: undefined }), '/nodes', /missing/],
  ['flows not a list', bundle((b) => (b.flows = {})), '/flows', /array/],
  [
    'a bundle flow with a bad edge',
    bundle((b) => (b.flows[0].document.edges[0].target = 7)),
    '/flows/0/document/edges/0/target',
    /string/,
  ],
  [
    'a bundle flow with a __proto__ key',
    bundle((b) => (b.flows[0].document.samples = JSON.parse('{"__proto__": {"a": 1}}'))),
    '/flows/0/document/samples/__proto__',
    /__proto__/,
  ],
  [
    'two flows with one id',
    bundle((b) => b.flows.push({ document: flow(), tests: [] })),
    '/flows/1/document/id',
    /also used/,
  ],
  ['a test that is not YAML', bundle((b) => (b.flows[0].tests[0].yaml = 'a: [b')), '/flows/0/tests/0/yaml', /YAML/],
  [
    'a test of the wrong shape',
    bundle((b) => (b.flows[0].tests[0].yaml = 'hello: world\n')),
    '/flows/0/tests/0/yaml',
    /./,
  ],
  [
    'two tests with one name',
    bundle((b) => b.flows[0].tests.push({ ...b.flows[0].tests[0] })),
    '/flows/0/tests/1/name',
    /second test/,
  ],
  [
    'a template of the wrong shape',
    bundle((b) => b.templates.push({ name: 'Bad Name', language: 'en' })),
    '/templates/0/name',
    /lower-case/,
  ],
  [
    'a template the channel refuses',
    bundle((b) =>
      b.templates.push({
        name: 'ok',
        language: 'en',
        category: 'UTILITY',
        header: { type: 'text', text: '' },
        body: 'hi',
        footer: '',
        buttons: [],
      }),
    ),
    '/templates/0',
    /./,
  ],
]

describe('readImportFile reads', () => {
  it('a flow file saved with a UTF-8 byte order mark', () => {
    const out = readImportFile('in.json', '\ufeff' + serialiseFlow(exampleFlow('age-gate')))
    expect(out.ok && out.content.flows[0]!.document.name).toBe(exampleFlow('age-gate').name)
  })
})

describe('readImportFile refuses', () => {
  it.each(BAD)('%s', (_what, text, path, message) => {
    const out = readImportFile('in.json', text)
    expect(out.ok).toBe(false)
    if (out.ok) return
    expect(out.problems[0]!.file).toBe('in.json')
    expect(out.problems[0]!.path).toBe(path)
    expect(out.problems[0]!.message).toMatch(message)
    expect(formatProblem(out.problems[0]!)).toMatch(/^in\.json: /)
  })
})

describe('readImportFile reads', () => {
  it('a single flow file', () => {
    const out = readImportFile('f.json', serialiseFlow(exampleFlow('age-gate')))
    expect(out.ok && out.content.kind === 'flow' && out.content.flows[0]!.document.id).toBe(exampleFlow('age-gate').id)
  })

  it('a flow written by the pre-release studio (no format field, React Flow edges)', () => {
    const old = flow()
    delete old.format
    delete old.samples
    delete old.webhookSecretRef
    old.edges = old.edges.map(({ sourcePort, ...e }: { sourcePort: string }) => ({ ...e, sourceHandle: sourcePort }))
    const out = readImportFile('old.json', JSON.stringify(old))
    expect(out.ok && out.content.flows[0]!.document).toEqual(exampleFlow('age-gate'))
  })

  it('a bundle inside which a flow is in the old format', () => {
    const text = bundle((b) => delete b.flows[0].document.format)
    expect(readImportFile('b.json', text).ok).toBe(true)
  })
})

describe('docs/bundle.schema.json', () => {
  it('is the schema of the bundle envelope', async () => {
    const fs = await import('node:fs')
    const { bundleJsonSchema } = await import('./bundle')
    const file = new URL('../../../docs/bundle.schema.json', import.meta.url)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(bundleJsonSchema())
  })
})
