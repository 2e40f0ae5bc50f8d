import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../engine/testing/fixtures'
import { startRun } from '../engine/machine'
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
