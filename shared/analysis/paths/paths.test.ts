import { describe, expect, it } from 'vitest'
import { buildFlow } from '../testing/build'
import { example, nodeByName } from '../testing/examples'
import { validateFlow } from '../validate'

const codes = (doc: Parameters<typeof validateFlow>[0], code: string) =>
  validateFlow(doc).filter((p) => p.code === code)

describe('a read that some path reaches without setting the variable', () => {
  it('names the path: a variable saved on success, read after the failure port', () => {
    const doc = example('order-status')
    ;(nodeByName(doc, 'order_missing').config as { text: string }).text =
      'We could not find {{order_number}} ({{order_state}}).'
    const [p, ...more] = codes(doc, 'ref.unset_on_path')
    expect(more).toEqual([])
    expect(p).toMatchObject({ severity: 'warning', nodeId: 'n_missing', pointer: '/nodes/4/config/text' })
    expect(p!.message).toBe(
      'Message text reads {{order_state}}, which is not set on the path trigger_1 → ask_order (Answered) → order_lookup (Failure) → order_missing. It will be empty there.',
    )
  })

  it("a node's error is only set on its failure path", () => {
    const doc = example('order-status')
    ;(nodeByName(doc, 'order_found').config as { text: string }).text = 'Found it ({{order_lookup.error.message}})'
    expect(codes(doc, 'ref.unset_on_path')[0]!.message).toMatch(
      /reads \{\{order_lookup.error.message\}\}, which is not set on the path trigger_1 → ask_order \(Answered\) → order_lookup \(Success\) → order_found/,
    )
  })

  it("a node's output is set whichever way it is left", () => {
    const doc = example('order-status')
    ;(nodeByName(doc, 'order_missing').config as { text: string }).text = 'Status {{order_lookup.status}}'
    expect(codes(doc, 'ref.unset_on_path')).toEqual([])
  })

  it('a path that skips the question through another branch', () => {
    const doc = buildFlow(
      [
        ['trigger', 'trigger_1', { keywords: ['hi'] }],
        [
          'interactive_message',
          'menu',
          {
            body: 'Pick',
            buttons: [
              { id: 'a', title: 'Ask me' },
              { id: 'b', title: 'Skip' },
            ],
          },
        ],
        ['question', 'ask_city', { prompt: 'City?', saveTo: 'city' }],
        ['message', 'bye', { text: 'Bye from {{city}}' }],
        ['end', 'end_1'],
      ],
      [
        ['trigger_1', 'out', 'menu'],
        ['menu', 'a', 'ask_city'],
        ['menu', 'b', 'bye'],
        ['ask_city', 'out', 'bye'],
        ['ask_city', 'failure', 'end_1'],
        ['bye', 'out', 'end_1'],
      ],
    )
    expect(codes(doc, 'ref.unset_on_path').map((p) => p.message)).toEqual([
      'Message text reads {{city}}, which is not set on the path trigger_1 → menu (Skip) → bye. It will be empty there.',
    ])
  })
})

describe('branches proven unreachable', () => {
  const branchFlow = (rules: unknown[], join = 'and') =>
    buildFlow(
      [
        ['trigger', 'trigger_1', { keywords: ['hi'] }],
        ['question', 'ask_age', { prompt: 'Age?', saveTo: 'age', answerType: 'number' }],
        ['condition', 'check', { join, rules }],
        ['message', 'yes', { text: 'Yes' }],
        ['message', 'no', { text: 'No' }],
        ['end', 'end_1'],
      ],
      [
        ['trigger_1', 'out', 'ask_age'],
        ['ask_age', 'out', 'check'],
        ['ask_age', 'failure', 'end_1'],
        ['check', 'true', 'yes'],
        ['check', 'false', 'no'],
        ['yes', 'out', 'end_1'],
        ['no', 'out', 'end_1'],
      ],
    )

  it('contradictory rules make True unreachable, and the node behind it never runs', () => {
    const doc = branchFlow([
      { left: '{{age}}', operator: 'greater_than', right: '65' },
      { left: '{{age}}', operator: 'less_than', right: '18' },
    ])
    expect(
      validateFlow(doc)
        .filter((p) => p.code === 'branch.unreachable' || p.code === 'node.never_runs')
        .map((p) => p.message),
    ).toEqual([
      "'check' can never take 'True': its rules can never hold: {{age}} > 65 and {{age}} < 18 cannot both hold.",
      "'yes' never runs: every way to it passes a branch no run can take (check → True).",
    ])
  })

  it('rules that always hold make False unreachable', () => {
    const doc = branchFlow(
      [
        { left: '{{age}}', operator: 'is_empty' },
        { left: '{{age}}', operator: 'is_not_empty' },
      ],
      'or',
    )
    expect(codes(doc, 'branch.unreachable').map((p) => p.message)).toEqual([
      "'check' can never take 'False': its rules always hold ({{age}} is empty or {{age}} is not empty).",
    ])
  })

  it("the appointment example's else, pre-empted by every row of its menu", () => {
    expect(codes(example('appointment'), 'branch.unreachable').map((p) => p.message)).toEqual([
      "'by_service' can never take 'Else': every choice that leads here goes another way (service_menu: Haircut → Hair, Colour → Hair, Manicure → Nails, Pedicure → Nails).",
    ])
  })

  it('a menu row that goes elsewhere reopens the else', () => {
    const doc = example('appointment')
    const menu = nodeByName(doc, 'service_menu').config as {
      list: { sections: Array<{ rows: Array<Record<string, string>> }> }
    }
    menu.list.sections[1]!.rows.push({ id: 'massage', title: 'Massage', description: '' })
    doc.edges.push({ id: 'e_massage', source: 'n_menu', sourcePort: 'massage', target: 'n_router' })
    expect(codes(doc, 'branch.unreachable')).toEqual([])
    expect(codes(doc, 'node.never_runs')).toEqual([])
  })

  it('a route shadowed by an earlier one, pointing at the route', () => {
    const doc = example('appointment')
    const router = nodeByName(doc, 'by_service').config as { routes: Array<Record<string, unknown>> }
    router.routes.push({
      id: 'colour_only',
      name: 'Colour only',
      join: 'and',
      rules: [{ left: '{{row_id}}', operator: 'equals', right: 'colour' }],
    })
    doc.edges.push({ id: 'e_co', source: 'n_router', sourcePort: 'colour_only', target: 'n_hair' })
    const shadowed = codes(doc, 'branch.unreachable').find((p) => p.field === '/routes/2')!
    expect(shadowed.pointer).toBe('/nodes/2/config/routes/2')
    expect(shadowed.message).toMatch(
      /^'by_service' can never take 'Colour only': route 'Hair' above it takes every run it would: whenever \{\{row_id\}\} equals 'colour', also/,
    )
  })
})

describe('a route after one that always holds', () => {
  it('takes the later routes and the else out, and each node behind them names only its own way in', () => {
    const doc = buildFlow(
      [
        ['trigger', 'trigger_1', { keywords: ['hi'] }],
        ['question', 'ask_city', { prompt: 'City?', saveTo: 'city' }],
        [
          'router',
          'by_city',
          {
            routes: [
              {
                id: 'any',
                name: 'Any',
                join: 'or',
                rules: [
                  { left: '{{city}}', operator: 'is_empty' },
                  { left: '{{city}}', operator: 'is_not_empty' },
                ],
              },
              {
                id: 'paris',
                name: 'Paris',
                join: 'and',
                rules: [{ left: '{{city}}', operator: 'equals', right: 'Paris' }],
              },
            ],
          },
        ],
        ['message', 'bye', { text: 'Bye' }],
        ['message', 'paris', { text: 'Bonjour' }],
        ['message', 'other', { text: 'Elsewhere' }],
        ['message', 'orphan', { text: 'Nobody reaches me' }],
        ['end', 'end_1'],
      ],
      [
        ['trigger_1', 'out', 'ask_city'],
        ['ask_city', 'out', 'by_city'],
        ['ask_city', 'failure', 'end_1'],
        ['by_city', 'any', 'bye'],
        ['by_city', 'paris', 'paris'],
        ['by_city', 'else', 'other'],
        ['bye', 'out', 'end_1'],
        ['paris', 'out', 'end_1'],
        ['other', 'out', 'end_1'],
        ['orphan', 'out', 'end_1'],
      ],
    )
    const messages = validateFlow(doc)
      .filter((p) => ['branch.unreachable', 'node.never_runs', 'node.unreachable'].includes(p.code))
      .map((p) => p.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        "'by_city' can never take 'Paris': route 'Any' above it always holds ({{city}} is empty or {{city}} is not empty).",
        "'by_city' can never take 'Else': route 'Any' always holds ({{city}} is empty or {{city}} is not empty).",
        "'paris' never runs: every way to it passes a branch no run can take (by_city → Paris).",
        "'other' never runs: every way to it passes a branch no run can take (by_city → Else).",
        "'orphan' cannot be reached from the trigger; it never runs.",
      ]),
    )
  })
})

describe('a node behind dead branches names only those on every way to it', () => {
  const always = {
    join: 'or',
    rules: [
      { left: '{{city}}', operator: 'is_empty' },
      { left: '{{city}}', operator: 'is_not_empty' },
    ],
  }
  const never = {
    join: 'and',
    rules: [
      { left: '{{age}}', operator: 'greater_than', right: '65' },
      { left: '{{age}}', operator: 'less_than', right: '18' },
    ],
  }
  // by_city's Paris is dead and on every way to 'deep'; inner's True is dead too, but inner's False reaches 'deep'
  // through 'detour' without it. Two dead routes side by side lead to 'side': it names both, the first of each way.
  const doc = buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['hi'] }],
      ['question', 'ask_city', { prompt: 'City?', saveTo: 'city' }],
      [
        'router',
        'by_city',
        {
          routes: [
            { id: 'any', name: 'Any', ...always },
            {
              id: 'paris',
              name: 'Paris',
              join: 'and',
              rules: [{ left: '{{city}}', operator: 'equals', right: 'Paris' }],
            },
            { id: 'rome', name: 'Rome', join: 'and', rules: [{ left: '{{city}}', operator: 'equals', right: 'Rome' }] },
          ],
        },
      ],
      ['condition', 'inner', never],
      ['message', 'detour', { text: 'Round the side' }],
      ['message', 'deep', { text: 'Deep' }],
      ['message', 'bye', { text: 'Bye' }],
      ['message', 'side', { text: 'Side' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'ask_city'],
      ['ask_city', 'out', 'by_city'],
      ['ask_city', 'failure', 'end_1'],
      ['by_city', 'any', 'bye'],
      ['by_city', 'paris', 'inner'],
      ['by_city', 'rome', 'side'],
      ['by_city', 'else', 'side'],
      ['inner', 'true', 'deep'],
      ['inner', 'false', 'detour'],
      ['detour', 'out', 'deep'],
      ['deep', 'out', 'end_1'],
      ['bye', 'out', 'end_1'],
      ['side', 'out', 'end_1'],
    ],
  )
  const messages = codes(doc, 'node.never_runs').map((p) => p.message)

  it('a deeper dead branch that another way avoids is not cited', () => {
    expect(messages).toContain("'deep' never runs: every way to it passes a branch no run can take (by_city → Paris).")
  })

  it('dead branches side by side are each cited, since no one is on every way', () => {
    expect(messages).toContain(
      "'side' never runs: every way to it passes a branch no run can take (by_city → Rome, by_city → Else).",
    )
  })
})

describe('dead ends', () => {
  it('an unconnected output names the path that ends there', () => {
    const doc = example('age-gate')
    doc.edges = doc.edges.filter((e) => e.sourcePort !== 'exit')
    const [p] = codes(doc, 'port.unconnected')
    expect(p!.message).toBe(
      "Output 'Exit' of 'too_young' is not connected to any node. A run that gets here (trigger_1 → ask_age (Answered) → is_adult (False) → too_young) and takes it stops without reaching an End.",
    )
  })
})
