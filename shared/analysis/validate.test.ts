import { describe, expect, it } from 'vitest'
import type { FlowDocument } from '../flow/document'
import { EXAMPLES, example, nodeByName } from './testing/examples'
import { hasErrors, validateFlow } from './validate'

describe('examples validate clean', () => {
  it.each(Object.keys(EXAMPLES).filter((n) => n !== 'appointment'))('%s has no problems at all', (name) => {
    expect(validateFlow(example(name))).toEqual([])
  })

  // Every row of its menu takes a route, so its else (and the message behind it) can never run: the path analysis
  // says so instead of leaving it to a mocked test (shared/analysis/paths). The example exists to show that, so it marks
  // both warnings as intentional and they are notes (shared/flow/intentional.ts): a newcomer sees no warning.
  it('appointment has only the notes about its unreachable else, marked intentional', () => {
    expect(validateFlow(example('appointment')).map((p) => `${p.severity} ${p.code} ${p.pointer}`)).toEqual([
      'note branch.unreachable /nodes/2',
      'note node.never_runs /nodes/5',
    ])
  })

  // The issue names what each example must show; a trimmed example would quietly stop covering its node types.
  it.each([
    ['order-status', ['http_call']],
    ['lead-capture', ['question', 'lead_management']],
    ['appointment', ['interactive_message:list', 'router']],
    ['age-gate', ['condition', 'question']],
    ['catalogue', ['spm', 'mpm']],
    ['feedback-form', ['chat_flow']],
  ])('%s has %j', (name, kinds) => {
    const have = example(name).nodes.map((n) =>
      n.type === 'interactive_message' ? `${n.type}:${String(n.config.mode)}` : n.type,
    )
    for (const k of kinds) expect(have).toContain(k)
  })

  it('age-gate retries through a loop that waits for the customer', () => {
    const doc = example('age-gate')
    const q = nodeByName(doc, 'ask_age')
    const into = doc.edges.filter((e) => e.target === q.id).map((e) => doc.nodes.find((n) => n.id === e.source)!.type)
    expect(into).toContain('interactive_message')
  })
})

type Case = [
  title: string,
  base: string,
  breakIt: (d: FlowDocument) => void,
  expected: { severity: 'error' | 'warning'; code: string; pointer: string; message: RegExp },
]

const cfg = (d: FlowDocument, name: string) => nodeByName(d, name).config as Record<string, any>
const idx = (d: FlowDocument, name: string) => d.nodes.findIndex((n) => n.name === name)

// One broken copy per rule: each must produce exactly the expected problem (among possibly others).
const CASES: Case[] = [
  [
    'invalid name (space)',
    'age-gate',
    (d) => {
      nodeByName(d, 'welcome').name = 'wel come'
    },
    { severity: 'error', code: 'name.chars', pointer: '/nodes/3/name', message: /contains a space/ },
  ],
  [
    'name starting with a digit',
    'age-gate',
    (d) => {
      nodeByName(d, 'goodbye').name = '2bye'
    },
    { severity: 'error', code: 'name.digit', pointer: '/nodes/5/name', message: /starts with a digit/ },
  ],
  [
    'name too long',
    'age-gate',
    (d) => {
      nodeByName(d, 'goodbye').name = 'g'.repeat(51)
    },
    { severity: 'error', code: 'name.length', pointer: '/nodes/5/name', message: /51 characters; at most 50/ },
  ],
  [
    'duplicate name',
    'age-gate',
    (d) => {
      nodeByName(d, 'goodbye').name = 'welcome'
    },
    { severity: 'error', code: 'name.duplicate', pointer: '/nodes/5/name', message: /already named 'welcome'/ },
  ],
  [
    'node name equal to a variable',
    'age-gate',
    (d) => {
      nodeByName(d, 'goodbye').name = 'age'
    },
    {
      severity: 'error',
      code: 'name.shadows_variable',
      pointer: '/nodes/5/name',
      message: /'age' is also a variable \(set by 'ask_age'\)/,
    },
  ],
  [
    'node name equal to a system variable',
    'age-gate',
    (d) => {
      nodeByName(d, 'goodbye').name = 'customer_name'
    },
    { severity: 'error', code: 'name.shadows_variable', pointer: '/nodes/5/name', message: /ambiguous/ },
  ],
  [
    'empty name',
    'catalogue',
    (d) => {
      nodeByName(d, 'cart_hint').name = ''
    },
    { severity: 'error', code: 'name.empty', pointer: '/nodes/3/name', message: /needs a name/ },
  ],
  [
    'two nodes with one id',
    'catalogue',
    (d) => {
      nodeByName(d, 'end_1').id = 'n_note'
    },
    { severity: 'error', code: 'node.duplicate_id', pointer: '/nodes/4/id', message: /share the id 'n_note'/ },
  ],
  [
    'two edges with one id',
    'catalogue',
    (d) => {
      d.edges[1]!.id = 'e_1'
    },
    { severity: 'error', code: 'edge.duplicate_id', pointer: '/edges/1/id', message: /share the id 'e_1'/ },
  ],
  [
    'an edge into the trigger',
    'catalogue',
    (d) => {
      d.edges[3]!.target = 'n_trigger'
    },
    {
      severity: 'error',
      code: 'edge.into_trigger',
      pointer: '/edges/3/target',
      message: /into the trigger 'trigger_1'/,
    },
  ],
  [
    'missing required config (question save-to)',
    'lead-capture',
    (d) => {
      cfg(d, 'ask_name').saveTo = ''
    },
    {
      severity: 'error',
      code: 'config.required',
      pointer: '/nodes/1/config/saveTo',
      message: /Save to variable is required/,
    },
  ],
  [
    'missing required config',
    'order-status',
    (d) => {
      cfg(d, 'order_lookup').url = '  '
    },
    { severity: 'error', code: 'config.required', pointer: '/nodes/2/config/url', message: /URL is required/ },
  ],
  [
    'config of the wrong type',
    'order-status',
    (d) => {
      cfg(d, 'order_lookup').timeoutMs = 'soon'
    },
    {
      severity: 'error',
      code: 'config.invalid',
      pointer: '/nodes/2/config/timeoutMs',
      message: /order_lookup.*timeoutMs.*invalid/,
    },
  ],
  [
    'unconnected port',
    'age-gate',
    (d) => {
      d.edges = d.edges.filter((e) => e.sourcePort !== 'exit')
    },
    {
      severity: 'error',
      code: 'port.unconnected',
      pointer: '/nodes/4',
      message: /Output 'Exit' of 'too_young' is not connected/,
    },
  ],
  [
    'unconnected failure port is a warning',
    'order-status',
    (d) => {
      d.edges = d.edges.filter((e) => !(e.source === 'n_lookup' && e.sourcePort === 'failure'))
    },
    { severity: 'warning', code: 'port.unconnected', pointer: '/nodes/2', message: /failure there ends the run/ },
  ],
  [
    'edge from a port that no longer exists',
    'age-gate',
    (d) => {
      cfg(d, 'too_young').buttons[1].id = 'leave'
    },
    {
      severity: 'error',
      code: 'edge.unknown_port',
      pointer: '/edges/6/sourcePort',
      message: /'too_young' has no output 'exit'/,
    },
  ],
  [
    'edge to a missing node',
    'catalogue',
    (d) => {
      d.edges[3]!.target = 'n_gone'
    },
    {
      severity: 'error',
      code: 'edge.unknown_node',
      pointer: '/edges/3/target',
      message: /'n_gone', which does not exist/,
    },
  ],
  [
    'port connected twice',
    'catalogue',
    (d) => {
      d.edges.push({ id: 'e_x', source: 'n_note', sourcePort: 'out', target: 'n_spm' })
    },
    { severity: 'error', code: 'edge.port_twice', pointer: '/edges/4', message: /connected twice/ },
  ],
  [
    'unreachable node',
    'catalogue',
    (d) => {
      d.edges = d.edges.filter((e) => e.source !== 'n_trigger')
      d.edges.push({ id: 'e_t', source: 'n_trigger', sourcePort: 'out', target: 'n_end' })
    },
    {
      severity: 'warning',
      code: 'node.unreachable',
      pointer: '/nodes/1',
      message: /'interactive_spm_1' cannot be reached/,
    },
  ],
  [
    'loop without a waiting node',
    'catalogue',
    (d) => {
      d.edges = d.edges.map((e) => (e.source === 'n_note' ? { ...e, target: 'n_spm' } : e))
    },
    {
      severity: 'error',
      code: 'loop.no_wait',
      pointer: '/nodes/1',
      message: /interactive_spm_1 → interactive_mpm_1 → cart_hint → interactive_spm_1.*run forever/,
    },
  ],
  [
    'reference to an unknown node',
    'order-status',
    (d) => {
      cfg(d, 'order_found').text = 'Status {{order_lokup.status}}'
    },
    {
      severity: 'error',
      code: 'ref.unknown',
      pointer: '/nodes/3/config/text',
      message: /no node or variable named 'order_lokup'\. Did you mean 'order_lookup'\?/,
    },
  ],
  [
    'field a node never produces',
    'age-gate',
    (d) => {
      cfg(d, 'welcome').text = 'You are {{ask_age.years}}'
    },
    {
      severity: 'error',
      code: 'ref.unknown_field',
      pointer: '/nodes/3/config/text',
      message: /'ask_age' never produces 'years'. It provides: answer, typed, attempts, error/,
    },
  ],
  [
    'path missing from the sample response',
    'order-status',
    (d) => {
      cfg(d, 'order_found').text = 'ETA {{order_lookup.result.eta}}'
    },
    {
      severity: 'warning',
      code: 'ref.not_in_sample',
      pointer: '/nodes/3/config/text',
      message: /sample response of 'order_lookup' has no 'result.eta'/,
    },
  ],
  [
    'nested expression reference',
    'age-gate',
    (d) => {
      cfg(d, 'welcome').text = "{{if({{agee}} >= 18, 'a', 'b')}}"
    },
    { severity: 'error', code: 'ref.unknown', pointer: '/nodes/3/config/text', message: /'agee'/ },
  ],
  [
    'variable read before it is set',
    'lead-capture',
    (d) => {
      cfg(d, 'ask_name').prompt = 'Hi {{work_email}}, your name?'
    },
    {
      severity: 'warning',
      code: 'ref.before_set',
      pointer: '/nodes/1/config/prompt',
      message: /before any path sets it: ask_email does not run before 'ask_name'/,
    },
  ],
  [
    'expression syntax error',
    'age-gate',
    (d) => {
      cfg(d, 'welcome').text = 'Hi {{ {{age}} + }}'
    },
    { severity: 'error', code: 'expr.unexpected-end', pointer: '/nodes/3/config/text', message: /^Message text: / },
  ],
  [
    'more than 3 buttons',
    'age-gate',
    (d) => {
      cfg(d, 'too_young').buttons.push({ id: 'a', title: 'A' }, { id: 'b', title: 'B' })
    },
    {
      severity: 'error',
      code: 'limit.buttons_count',
      pointer: '/nodes/4/config/buttons',
      message: /4 given; the channel allows 1 to 3/,
    },
  ],
  [
    'button title over 20',
    'age-gate',
    (d) => {
      cfg(d, 'too_young').buttons[0].title = 'Let me try once again'
    },
    {
      severity: 'error',
      code: 'limit.length',
      pointer: '/nodes/4/config/buttons/0/title',
      message: /21 characters; the channel allows at most 20/,
    },
  ],
  [
    'more than 10 list rows',
    'appointment',
    (d) => {
      // Six rows (four services, two languages) and five more.
      cfg(d, 'service_menu').list.sections[1].rows.push(
        ...Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, title: `R${i}`, description: '' })),
      )
    },
    {
      severity: 'error',
      code: 'limit.rows_count',
      pointer: '/nodes/1/config/list/sections',
      message: /11 across all sections/,
    },
  ],
  [
    'row title over 24',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').list.sections[0].rows[0].title = 'Haircut and beard trim deluxe'
    },
    {
      severity: 'error',
      code: 'limit.length',
      pointer: '/nodes/1/config/list/sections/0/rows/0/title',
      message: /at most 24/,
    },
  ],
  [
    'row description over 72',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').list.sections[0].rows[0].description = 'x'.repeat(73)
    },
    {
      severity: 'error',
      code: 'limit.length',
      pointer: '/nodes/1/config/list/sections/0/rows/0/description',
      message: /at most 72/,
    },
  ],
  [
    'list label over 20',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').list.buttonLabel = 'See all of our services'
    },
    { severity: 'error', code: 'limit.length', pointer: '/nodes/1/config/list/buttonLabel', message: /at most 20/ },
  ],
  [
    'header over 60',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').header.text = 'h'.repeat(61)
    },
    { severity: 'error', code: 'limit.length', pointer: '/nodes/1/config/header/text', message: /at most 60/ },
  ],
  [
    'footer over 60',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').footer = 'f'.repeat(61)
    },
    { severity: 'error', code: 'limit.length', pointer: '/nodes/1/config/footer', message: /at most 60/ },
  ],
  [
    'interactive body over 1024',
    'age-gate',
    (d) => {
      cfg(d, 'too_young').body = 'b'.repeat(1025)
    },
    {
      severity: 'error',
      code: 'limit.length',
      pointer: '/nodes/4/config/body',
      message: /1025 characters; the channel allows at most 1024/,
    },
  ],
  [
    'list body over 1024 names the looser limit',
    'appointment',
    (d) => {
      cfg(d, 'service_menu').body = 'b'.repeat(2000)
    },
    { severity: 'error', code: 'limit.length', pointer: '/nodes/1/config/body', message: /at most 1024.*allows 4096/ },
  ],
  [
    'text message over 4096',
    'age-gate',
    (d) => {
      cfg(d, 'welcome').text = 't'.repeat(4097)
    },
    { severity: 'error', code: 'limit.length', pointer: '/nodes/3/config/text', message: /at most 4096/ },
  ],
  [
    'no trigger',
    'catalogue',
    (d) => {
      d.nodes = d.nodes.filter((n) => n.type !== 'trigger')
      d.edges = d.edges.filter((e) => e.source !== 'n_trigger')
    },
    { severity: 'error', code: 'flow.no_trigger', pointer: '/nodes', message: /no Trigger/ },
  ],
  [
    'two triggers',
    'catalogue',
    (d) => {
      d.nodes.push({ ...d.nodes[0]!, id: 'n_t2', name: 'trigger_2' })
      d.edges.push({ id: 'e_t2', source: 'n_t2', sourcePort: 'out', target: 'n_spm' })
    },
    { severity: 'error', code: 'flow.two_triggers', pointer: '/nodes/5', message: /2 Triggers/ },
  ],
  [
    'webhook trigger without a secret',
    'feedback-form',
    (d) => {
      d.webhookSecretRef = null
    },
    { severity: 'error', code: 'trigger.webhook_secret', pointer: '/webhookSecretRef', message: /no webhook secret/ },
  ],
]

describe('each rule on a broken copy of an example', () => {
  it.each(CASES)('%s', (_title, base, breakIt, expected) => {
    const doc = example(base)
    breakIt(doc)
    const problems = validateFlow(doc)
    const hit = problems.find((p) => p.code === expected.code && p.pointer === expected.pointer)
    expect(hit, JSON.stringify(problems, null, 1)).toBeDefined()
    expect(hit!.severity).toBe(expected.severity)
    expect(hit!.message).toMatch(expected.message)
    expect(hasErrors(problems)).toBe(problems.some((p) => p.severity === 'error'))
  })

  it('one setting of the wrong type is one error: what the node produces still counts for its readers', () => {
    const doc = example('age-gate')
    cfg(doc, 'ask_age').maxAttempts = '3'
    expect(validateFlow(doc).map((p) => p.code)).toEqual(['config.invalid'])
  })

  it("a Question's retry message may quote the answer it refused ({{<node>.answer}}, .attempts)", () => {
    const doc = example('lead-capture')
    cfg(doc, 'ask_name').retryMessage = '"{{ask_name.answer}}" is not a name (try {{ask_name.attempts}})'
    expect(validateFlow(doc)).toEqual([])
    cfg(doc, 'ask_name').prompt = 'Last time: {{ask_name.answer}}'
    expect(validateFlow(doc).map((p) => p.code)).toEqual(['ref.before_set'])
  })

  it("a Question's failure port may read why it failed ({{<node>.error.code}}), as after an HTTP Call's", () => {
    const doc = example('age-gate')
    cfg(doc, 'goodbye').text = 'Bye ({{ask_age.error.code}}: {{ask_age.error.message}})'
    const problems = validateFlow(doc)
    expect(hasErrors(problems), JSON.stringify(problems)).toBe(false)
    // Only the path through too_young's Exit, where ask_age did not fail, leaves it empty.
    expect(problems.map((p) => p.code)).toEqual(['ref.unset_on_path', 'ref.unset_on_path'])
  })

  it('problems about a node carry its id, and config problems the field pointer', () => {
    const doc = example('age-gate')
    cfg(doc, 'too_young').buttons[0].title = ''
    const p = validateFlow(doc).find((x) => x.code === 'config.required')!
    expect(p).toMatchObject({
      nodeId: 'n_retry',
      field: '/buttons/0/title',
      pointer: `/nodes/${idx(doc, 'too_young')}/config/buttons/0/title`,
    })
  })
})
