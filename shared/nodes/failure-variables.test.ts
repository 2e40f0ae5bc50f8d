import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../engine/testing/fixtures'
import { resumeRun, startRun } from '../engine/machine'
import { validateFlow } from '../analysis/validate'
import { declaredVariables } from './failure-variables'
import { NODE_DEFINITIONS } from './registry'

// The definitions' variables() feed autocomplete and validation; they must name what the engine really saves
// when a node fails and its failure port carries on.
describe('failure variables of HTTP Call and Script', () => {
  const cases = [
    { type: 'http_call' as const, name: 'http_call_1', config: { url: 'not a url' }, code: 'http_invalid_url' },
    { type: 'script' as const, name: 'script_1', config: { code: 'return {}' }, code: 'effect_unavailable' },
  ]
  for (const c of cases) {
    it(`${c.type}: every declared error path resolves in the session with its declared type`, async () => {
      const flow = buildFlow(
        [
          { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
          { type: c.type, name: c.name, config: c.config },
          {
            type: 'message',
            name: 'message_1',
            config: { text: '{{' + c.name + '.error.code}}: {{' + c.name + '.error.message}}' },
          },
        ],
        [
          ['trigger_1', 'out', c.name],
          [c.name, 'failure', 'message_1'],
        ],
      )
      const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, testDeps().deps)
      expect(r.state.status).toBe('ended')
      const node = flow.nodes.find((n) => n.name === c.name)!
      const declared = NODE_DEFINITIONS[c.type]
        .variables(node.config as never, c.name)
        .filter((v) => v.path.startsWith(`${c.name}.error`))
      expect(declared.map((v) => v.path)).toEqual([
        `${c.name}.error`,
        `${c.name}.error.code`,
        `${c.name}.error.message`,
      ])
      for (const v of declared) {
        const value = v.path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], r.state.vars)
        expect(
          v.type === 'object' ? typeof value === 'object' && value !== null : typeof value === v.type,
          v.path,
        ).toBe(true)
      }
      const error = (r.state.vars[c.name] as { error: { code: string; message: string } }).error
      expect(error.code).toBe(c.code)
      expect(r.messages.at(-1)).toEqual({ type: 'text', text: { body: `${c.code}: ${error.message}` } })
    })
  }
})

describe('failure variables of every node type with a failure port', () => {
  it('each such type declares <name>.error, .code and .message to validation and autocomplete', () => {
    const withFailure = Object.entries(NODE_DEFINITIONS).filter(([, d]) =>
      d.ports(d.defaults()).some((p) => p.kind === 'failure'),
    )
    expect(withFailure.map(([t]) => t)).toContain('question')
    for (const [type, def] of withFailure) {
      const paths = declaredVariables(def, def.defaults(), 'n1').map((v) => v.path)
      expect(paths, type).toEqual(expect.arrayContaining(['n1.error', 'n1.error.code', 'n1.error.message']))
    }
  })

  it('question: a customer who gave up leaves error.code max_attempts for the failure path to read', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'question',
          name: 'ask_n',
          config: { prompt: 'N?', saveTo: 'n', answerType: 'number', maxAttempts: 1 },
        },
        { type: 'message', name: 'why', config: { text: '{{ask_n.error.code}}' } },
      ],
      [
        ['trigger_1', 'out', 'ask_n'],
        ['ask_n', 'failure', 'why'],
      ],
    )
    const { deps } = testDeps()
    const asked = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const r = await resumeRun(flow, asked.state, { type: 'text', text: 'none' }, ASHA, deps)
    expect(r.messages.at(-1)).toEqual({ type: 'text', text: { body: 'max_attempts' } })
    expect(validateFlow(flow).filter((p) => p.code.startsWith('ref.'))).toEqual([])
  })
})
