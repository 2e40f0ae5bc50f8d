import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { startRun } from '../../engine/machine'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    {
      type: 'router',
      name: 'router_1',
      config: {
        routes: [
          {
            id: 'vip',
            name: 'VIP',
            join: 'and',
            rules: [{ left: '{{total}}', operator: 'greater_than', right: '1000' }],
          },
          {
            id: 'city',
            name: 'City',
            join: 'or',
            rules: [
              { left: '{{city}}', operator: 'equals', right: 'Pune' },
              { left: '{{city}}', operator: 'contains', right: 'mumbai' },
            ],
          },
          { id: 'draft', name: 'Unfinished', join: 'and', rules: [] },
          {
            id: 'big',
            name: 'Big',
            join: 'and',
            rules: [{ left: '{{total}}', operator: 'greater_than', right: '500' }],
          },
        ],
      },
    },
    { type: 'message', name: 'm_vip', config: { text: 'vip' } },
    { type: 'message', name: 'm_city', config: { text: 'city' } },
    { type: 'message', name: 'm_big', config: { text: 'big' } },
    { type: 'message', name: 'm_else', config: { text: 'else' } },
  ],
  [
    ['trigger_1', 'out', 'router_1'],
    ['router_1', 'vip', 'm_vip'],
    ['router_1', 'city', 'm_city'],
    ['router_1', 'big', 'm_big'],
    ['router_1', 'else', 'm_else'],
  ],
)

async function route(presets: Record<string, unknown>) {
  const { deps } = testDeps()
  const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' }, presets }, deps)
  return { text: (r.messages[0] as { text: { body: string } }).text.body, output: r.state.vars.router_1 }
}

describe('router runner', () => {
  it('takes the first route whose rules hold', async () => {
    expect((await route({ total: 2000, city: 'Pune' })).text).toBe('vip')
    expect((await route({ total: 700, city: 'Navi Mumbai' })).text).toBe('city')
    expect((await route({ total: 700, city: 'Delhi' })).text).toBe('big')
  })

  it('takes else when no route holds, and never a route without rules', async () => {
    const r = await route({ total: 5, city: 'Delhi' })
    expect(r.text).toBe('else')
    expect(r.output).toEqual({ route: 'else', name: 'Else' })
  })

  it('saves the route taken under the node name', async () => {
    expect((await route({ total: 2000 })).output).toEqual({ route: 'vip', name: 'VIP' })
  })
})
