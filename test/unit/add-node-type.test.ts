// "Adding a node type" (docs/architecture.md) as a person would do it: a copy of the project gets a throwaway node
// type, Echo, in two new folders (shared/nodes/echo, renderer/nodes/echo) and one import and one entry in each of
// the two registries, nothing else. The copy must type-check as a whole, and the validator, the engine, the panel
// generator, the emulator's bubble-to-step link and the docs generator must all know the new type. Then "Adding a
// node version" in a second copy: Echo 2 renames its setting, with a migration in its own module and nothing else,
// and a document written for Echo 1 is migrated, validated and run.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const COPIED = ['shared', 'electron', 'renderer', 'test', 'bench', 'scripts', 'resources', 'docs']

const ECHO_MODULE = `import { z } from 'zod'
import { error, isBlank } from '../../flow/checks'
import type { NodeModule } from '../types'

const EchoConfigSchema = z.object({ text: z.string().default('').describe('What the bot says back; takes {{ }} placeholders.') })
type EchoConfig = z.infer<typeof EchoConfigSchema>

export const echoNode: NodeModule<'echo', EchoConfig> = {
  type: 'echo',
  namePrefix: 'echo_',
  version: 1,
  migrations: [],
  label: 'Echo',
  description: 'Says a text back and continues.',
  category: 'message',
  configSchema: EchoConfigSchema,
  defaults: () => ({ text: '' }),
  ports: () => [{ id: 'out', label: 'Next' }],
  waits: () => false,
  variables: (_c, name) => [{ path: \`\${name}.said\`, description: 'The text said', type: 'string' }],
  textFields: (c) => [{ pointer: '/text', label: 'Echo text', value: c.text }],
  customerTexts: (c) => [{ pointer: '/text', label: 'Echo text', value: c.text, limit: 4096, kind: 'body' }],
  validate: (c, ctx) => (isBlank(c.text) ? [error(ctx, 'config.required', 'Echo needs a text.', '/text')] : []),
  summary: (c) => c.text || 'Nothing to say yet',
  runner: {
    run: (ctx) => {
      const said = ctx.render(ctx.config.text)
      return { kind: 'next', port: 'out', output: { said }, messages: [{ type: 'text', text: { body: said } }] }
    },
  },
  sends: ['text'],
}
`
const ECHO_UI = `import { Repeat } from 'lucide-react'
import type { NodeUi } from '../types'

export const echoUi: NodeUi<'echo'> = { type: 'echo', icon: Repeat, panel: { labels: { '/text': 'Echo text' } } }
`

// A throwaway type that WAITS for the customer: it asks yes or no and leaves by the port of the answer. What a
// customer can send at it, and what each port fixes, it declares itself (`answers`, shared/nodes/behaviour.ts).
const VOTE_MODULE = `import { z } from 'zod'
import type { NodeModule } from '../types'

const VoteConfigSchema = z.object({ prompt: z.string().default('Yes or no?').describe('What the bot asks.') })
type VoteConfig = z.infer<typeof VoteConfigSchema>
const ask = (body: string) => ({ type: 'text' as const, text: { body } })

export const voteNode: NodeModule<'vote', VoteConfig> = {
  type: 'vote',
  namePrefix: 'vote_',
  version: 1,
  migrations: [],
  label: 'Vote',
  description: 'Asks yes or no and waits; each answer has its own path.',
  category: 'input',
  configSchema: VoteConfigSchema,
  defaults: () => ({ prompt: 'Yes or no?' }),
  ports: () => [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  waits: () => true,
  variables: (_c, name) => [{ path: \`\${name}.answer\`, description: 'yes or no', type: 'string' }],
  textFields: (c) => [{ pointer: '/prompt', label: 'Prompt', value: c.prompt }],
  customerTexts: (c) => [{ pointer: '/prompt', label: 'Prompt', value: c.prompt, limit: 4096, kind: 'body' }],
  validate: () => [],
  summary: (c) => c.prompt,
  runner: {
    run: (ctx) => ({ kind: 'wait', messages: [ask(ctx.render(ctx.config.prompt))] }),
    accepts: (event) => event.type === 'text',
    resume(ctx, event) {
      const said = event.type === 'text' ? event.text.trim().toLowerCase() : ''
      if (said === 'yes' || said === 'no') return { kind: 'next', port: said, output: { answer: said } }
      return { kind: 'wait', messages: [ask(ctx.render(ctx.config.prompt))] }
    },
  },
  sends: ['text'],
  answers: {
    samples: () => [
      { input: 'yes', label: '"yes"', port: 'yes' },
      { input: 'no', label: '"no"', port: 'no' },
    ],
    arrivals: (_c, name, port) => [
      { label: port, vars: { [name]: { answer: port } }, decides: new Set([\`\${name}.answer\`]) },
    ],
  },
}
`
// A throwaway type that BRANCHES on one rule: High when it holds, else Low. Its rule, as a route, is declared
// (`branches`), and its runner decides.
const LEVEL_MODULE = `import { z } from 'zod'
import { CONDITION_OPERATORS } from '../../expr'
import { routerDeadPorts } from '../../rules/guards'
import type { NodeModule } from '../types'

const LevelConfigSchema = z.object({
  left: z.string().default('').describe('The value compared; takes {{ }} placeholders.'),
  operator: z.enum(CONDITION_OPERATORS).default('greater_or_equal').describe('How it is compared.'),
  right: z.string().default('10').describe('What it is compared with.'),
})
type LevelConfig = z.infer<typeof LevelConfigSchema>
const rule = (c: LevelConfig) => ({ left: c.left, operator: c.operator, right: c.right })

export const levelNode: NodeModule<'level', LevelConfig> = {
  type: 'level',
  namePrefix: 'level_',
  version: 1,
  migrations: [],
  label: 'Level',
  description: 'High when the value compares as set, else Low.',
  category: 'logic',
  configSchema: LevelConfigSchema,
  defaults: () => ({ left: '', operator: 'greater_or_equal', right: '10' }),
  ports: () => [
    { id: 'high', label: 'High' },
    { id: 'low', label: 'Low' },
  ],
  waits: () => false,
  variables: (_c, name) => [{ path: \`\${name}.level\`, description: 'high or low', type: 'string' }],
  textFields: (c) => [
    { pointer: '/left', label: 'Value', value: c.left },
    { pointer: '/right', label: 'Compared with', value: c.right },
  ],
  customerTexts: () => [],
  validate: () => [],
  summary: (c) => \`\${c.left} \${c.operator} \${c.right}\`,
  runner: {
    run: (ctx) => {
      const port = ctx.rules([rule(ctx.config)], 'and') ? 'high' : 'low'
      return { kind: 'next', port, output: { level: port } }
    },
  },
  sends: [],
  branches: {
    routes: (c) => [{ id: 'high', name: 'High', group: { join: 'and', rules: [rule(c)], emptyHolds: false } }],
    deadPorts: (routes) => routerDeadPorts(routes),
    withRules: (c, _index, rules) => ({ ...c, ...rules[0], right: rules[0]?.right ?? '' }),
    decision: (port) => ({ level: port }),
  },
}
`
// A throwaway type that waits but declares nothing a customer can send: the generator says so.
const HUSH_MODULE = VOTE_MODULE.replace(/vote/g, 'hush')
  .replace(/Vote/g, 'Hush')
  .replace(/ {2}answers: \{[\s\S]*\n {2}\},\n\}/, '}')
const ui = (type: string, name: string) => `import { Circle } from 'lucide-react'
import type { NodeUi } from '../types'

export const ${name}Ui: NodeUi<'${type}'> = { type: '${type}', icon: Circle, panel: {} }
`

let dir: string

/** Adds `importLine` after the registry's last import and `entry` as the list's last item: two lines, no more. */
function register(file: string, importLine: string, entry: string): void {
  const before = fs.readFileSync(file, 'utf8')
  const lines = before.split('\n')
  const lastImport = lines.map((l) => l.startsWith('import ')).lastIndexOf(true)
  const close = lines.indexOf('] as const')
  expect(lastImport).toBeGreaterThan(-1)
  expect(close).toBeGreaterThan(lastImport)
  lines.splice(close, 0, entry)
  lines.splice(lastImport + 1, 0, importLine)
  fs.writeFileSync(file, lines.join('\n'))
}

const load = <T>(rel: string): Promise<T> => import(path.join(dir, rel)) as Promise<T>

beforeAll(() => {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'add-node-type-'))
  for (const d of COPIED) fs.cpSync(path.join(ROOT, d), path.join(dir, d), { recursive: true })
  fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'))
  fs.mkdirSync(path.join(dir, 'shared/nodes/echo'))
  fs.writeFileSync(path.join(dir, 'shared/nodes/echo/index.ts'), ECHO_MODULE)
  fs.mkdirSync(path.join(dir, 'renderer/nodes/echo'))
  fs.writeFileSync(path.join(dir, 'renderer/nodes/echo/index.ts'), ECHO_UI)
  register(path.join(dir, 'shared/nodes/modules.ts'), "import { echoNode } from './echo'", '  echoNode,')
  register(path.join(dir, 'renderer/nodes/registry.ts'), "import { echoUi } from './echo'", '  echoUi,')
  // The waiting and branching types, and one that waits without saying what a customer can send: the same recipe.
  for (const [type, module] of [
    ['vote', VOTE_MODULE],
    ['level', LEVEL_MODULE],
    ['hush', HUSH_MODULE],
  ] as const) {
    fs.mkdirSync(path.join(dir, `shared/nodes/${type}`))
    fs.writeFileSync(path.join(dir, `shared/nodes/${type}/index.ts`), module)
    fs.mkdirSync(path.join(dir, `renderer/nodes/${type}`))
    fs.writeFileSync(path.join(dir, `renderer/nodes/${type}/index.ts`), ui(type, type))
    register(path.join(dir, 'shared/nodes/modules.ts'), `import { ${type}Node } from './${type}'`, `  ${type}Node,`)
    register(path.join(dir, 'renderer/nodes/registry.ts'), `import { ${type}Ui } from './${type}'`, `  ${type}Ui,`)
  }
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('adding a node type touches two folders and two registries', () => {
  it('the whole project still type-checks: no other table names every node type', () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc')
    const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', path.join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    })
    // The compiler's own lines, so a failure says which file still names every node type.
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  }, 300_000)

  it('the validator and the flow format know it', async () => {
    const { NODE_TYPES, NAME_PREFIX } =
      await load<typeof import('../../shared/nodes/node-types')>('shared/nodes/node-types.ts')
    const { validateFlow } = await load<typeof import('../../shared/analysis/validate')>('shared/analysis/validate.ts')
    const { parseFlow } = await load<typeof import('../../shared/nodes/load-flow')>('shared/nodes/load-flow.ts')
    const { buildFlow } = await load<typeof import('../../shared/engine/testing/fixtures')>(
      'shared/engine/testing/fixtures.ts',
    )
    expect(NODE_TYPES).toContain('echo')
    expect(NAME_PREFIX['echo' as never]).toBe('echo_')
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'echo' as never, name: 'echo_1', config: { text: '' } },
        { type: 'message', name: 'message_1', config: { text: 'Said: {{echo_1.said}}' } },
        { type: 'message', name: 'message_2', config: { text: 'Said: {{echo_2.said}}' } },
        { type: 'end', name: 'end_1' },
      ],
      [
        ['trigger_1', 'out', 'echo_1'],
        ['echo_1', 'out', 'message_1'],
        ['message_1', 'out', 'message_2'],
        ['message_2', 'out', 'end_1'],
      ],
    )
    expect(parseFlow(JSON.stringify(doc)).ok).toBe(true)
    const problems = validateFlow(doc)
    expect(problems.filter((p) => p.nodeId === 'n_echo_1').map((p) => p.code)).toEqual(['config.required'])
    // Its output is a known variable: {{echo_1.said}} is fine, while a node that does not exist is reported.
    expect(problems.filter((p) => p.nodeId === 'n_message_1')).toEqual([])
    expect(problems.filter((p) => p.nodeId === 'n_message_2').length).toBeGreaterThan(0)
  })

  it('the engine runs it and the emulator links its bubble to its step', async () => {
    const engine = await load<typeof import('../../shared/engine')>('shared/engine/index.ts')
    const { ASHA, buildFlow, testDeps } = await load<typeof import('../../shared/engine/testing/fixtures')>(
      'shared/engine/testing/fixtures.ts',
    )
    const { traceOfMessage } = await load<typeof import('../../renderer/emulator/trace-link')>(
      'renderer/emulator/trace-link.ts',
    )
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'hello', config: { text: 'Hello' } },
        { type: 'echo' as never, name: 'echo_1', config: { text: 'Hi {{customer_name}}' } },
      ],
      [
        ['trigger_1', 'out', 'hello'],
        ['hello', 'out', 'echo_1'],
      ],
    )
    const step = await engine.startRun(doc, { contact: ASHA, trigger: { kind: 'manual' } }, testDeps().deps)
    expect(step.state.status).toBe('ended')
    expect(step.messages.at(-1)).toEqual({ type: 'text', text: { body: 'Hi Asha' } })
    expect(step.state.vars.echo_1).toEqual({ said: 'Hi Asha' })
    const bubbles = engine.sentMessages(step).map(({ id, message }, seq) => ({
      seq,
      id,
      direction: 'out' as const,
      type: message.type,
      payload: message,
      createdAt: 0,
    }))
    expect(bubbles.map((b) => traceOfMessage(b, step.trace)?.nodeName)).toEqual(['hello', 'echo_1'])
  })

  it('the panel generator draws its settings', async () => {
    const { NodePanel } = await load<typeof import('../../renderer/panels/NodePanel')>('renderer/panels/NodePanel.tsx')
    const { EditorContext } = await load<typeof import('../../renderer/editor/context')>('renderer/editor/context.ts')
    const { createEditorStore } = await load<typeof import('../../renderer/editor/store')>('renderer/editor/store.ts')
    const { flow, node } = await load<typeof import('../../renderer/editor/testing/docs')>(
      'renderer/editor/testing/docs.ts',
    )
    const store = createEditorStore(flow([node('n1', 'echo' as never, 'echo_1', { text: '{{customer_name}}' })]))
    const html = renderToStaticMarkup(
      createElement(EditorContext.Provider, { value: store }, createElement(NodePanel, { nodeId: 'n1' })),
    )
    expect(html).toContain('aria-label="Echo settings"')
    expect(html).toContain('>Echo text<')
    expect(html).toContain('data-pointer="/text"')
  })

  it('the docs generator documents it', async () => {
    const { withNodeConfigs } = await load<typeof import('../../shared/analysis/docs-tables')>(
      'shared/analysis/docs-tables.ts',
    )
    const { flowJsonSchemaText } = await load<typeof import('../../shared/analysis/json-schema')>(
      'shared/analysis/json-schema.ts',
    )
    const md = withNodeConfigs(fs.readFileSync(path.join(dir, 'docs/flow-format.md'), 'utf8'))
    expect(md).toContain('### Echo (`echo`)')
    expect(md).toContain('Sends: `text`. New nodes are named `echo_1`, `echo_2`, …')
    expect(md).toMatch(/\| `text` \| string \| {2}\| What the bot says back/)
    expect(flowJsonSchemaText()).toContain('"const": "echo"')
  })
})

describe('a node type that waits or branches is known to every analysis from its own folder', () => {
  const fixtures = () =>
    load<typeof import('../../shared/engine/testing/fixtures')>('shared/engine/testing/fixtures.ts')
  const END = { type: 'end' as const, name: 'end_1' }

  it('the generator reaches every branch of a flow using them', async () => {
    const { buildFlow } = await fixtures()
    const { generateSuite } = await load<typeof import('../../shared/generate')>('shared/generate/index.ts')
    const { exampleDeps } = await load<typeof import('../../shared/generate/testing/deps')>(
      'shared/generate/testing/deps.ts',
    )
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'vote' as never, name: 'vote_1', config: { prompt: 'Shall we?' } },
        {
          type: 'level' as never,
          name: 'agreed',
          config: { left: '{{vote_1.answer}}', operator: 'equals', right: 'yes' },
        },
        { type: 'question', name: 'ask_score', config: { prompt: 'Score?', answerType: 'number', saveTo: 'score' } },
        {
          type: 'level' as never,
          name: 'by_score',
          config: { left: '{{score}}', operator: 'greater_or_equal', right: '7' },
        },
        { type: 'message', name: 'great', config: { text: 'Great' } },
        { type: 'message', name: 'pity', config: { text: 'Pity' } },
        { type: 'message', name: 'bye', config: { text: 'Bye' } },
        END,
      ],
      [
        ['trigger_1', 'out', 'vote_1'],
        ['vote_1', 'yes', 'agreed'],
        ['vote_1', 'no', 'agreed'],
        ['agreed', 'high', 'ask_score'],
        ['agreed', 'low', 'bye'],
        ['ask_score', 'out', 'by_score'],
        ['ask_score', 'failure', 'bye'],
        ['by_score', 'high', 'great'],
        ['by_score', 'low', 'pity'],
        ['great', 'out', 'end_1'],
        ['pity', 'out', 'end_1'],
        ['bye', 'out', 'end_1'],
      ],
    )
    const suite = await generateSuite(doc, exampleDeps())
    expect(suite.unreached.map((u) => `${u.nodeName} → ${u.portLabel}: ${u.reason}`)).toEqual([])
    expect(suite.covered).toBe(suite.total)
    const names = suite.tests.map((t) => t.test.name)
    // Each of the Vote's samples is played, and the Level's rule gets values either side of its constant.
    expect(names.some((n) => n.startsWith('vote_1 "no" → agreed: Low'))).toBe(true)
    expect(names.some((n) => /vote_1 "yes" → agreed: High → ask_score "\d+" → by_score: High/.test(n))).toBe(true)
    expect(names.some((n) => /by_score: Low/.test(n))).toBe(true)
  }, 120_000)

  it('the generator names a waiting type that gives no sample answers, not "no conversation found"', async () => {
    const { buildFlow } = await fixtures()
    const { generateSuite } = await load<typeof import('../../shared/generate')>('shared/generate/index.ts')
    const { exampleDeps } = await load<typeof import('../../shared/generate/testing/deps')>(
      'shared/generate/testing/deps.ts',
    )
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'hush' as never, name: 'hush_1', config: {} },
        { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
        END,
      ],
      [
        ['trigger_1', 'out', 'hush_1'],
        ['hush_1', 'yes', 'thanks'],
        ['hush_1', 'no', 'end_1'],
        ['thanks', 'out', 'end_1'],
      ],
    )
    const suite = await generateSuite(doc, exampleDeps())
    expect(suite.unreached.map((u) => `${u.nodeName} → ${u.portLabel}: ${u.reason}`)).toEqual([
      "hush_1 → Yes: node type 'hush' gives no sample answers: nothing tells the generator what a customer can send at 'hush_1'",
      "hush_1 → No: node type 'hush' gives no sample answers: nothing tells the generator what a customer can send at 'hush_1'",
      "thanks → Next: 'thanks' lies after 'hush_1', and node type 'hush' gives no sample answers",
    ])
  }, 120_000)

  it('path analysis knows their ports: a Level after the Vote that no answer can send High is reported', async () => {
    const { buildFlow } = await fixtures()
    const { validateFlow } = await load<typeof import('../../shared/analysis/validate')>('shared/analysis/validate.ts')
    const { buildPortGraph } = await load<typeof import('../../shared/analysis/paths')>(
      'shared/analysis/paths/index.ts',
    )
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'vote' as never, name: 'vote_1', config: {} },
        {
          type: 'level' as never,
          name: 'check',
          config: { left: '{{vote_1.answer}}', operator: 'equals', right: 'no' },
        },
        {
          type: 'level' as never,
          name: 'never',
          config: { left: '{{vote_1.answer}}', operator: 'is_empty', right: '' },
        },
        { type: 'message', name: 'odd', config: { text: 'Odd' } },
        { type: 'message', name: 'fine', config: { text: 'Fine' } },
        END,
      ],
      [
        ['trigger_1', 'out', 'vote_1'],
        ['vote_1', 'yes', 'check'],
        ['vote_1', 'no', 'never'],
        ['check', 'high', 'odd'],
        ['check', 'low', 'fine'],
        ['never', 'high', 'odd'],
        ['never', 'low', 'fine'],
        ['odd', 'out', 'end_1'],
        ['fine', 'out', 'end_1'],
      ],
    )
    expect(buildPortGraph(doc).ports[1]!.map((p) => p.id)).toEqual(['yes', 'no'])
    const unreachable = validateFlow(doc).filter((p) => p.code === 'branch.unreachable' || p.code === 'node.never_runs')
    expect(unreachable.map((p) => p.message)).toEqual([
      "'check' can never take 'High': every choice that leads here goes another way (vote_1: yes → Low).",
      "'never' can never take 'High': every choice that leads here goes another way (vote_1: no → Low).",
      "'odd' never runs: every way to it passes a branch no run can take (check → High, never → High).",
    ])
  })

  it('the emulator offers the Vote’s samples, and each answers it', async () => {
    const { ASHA, buildFlow, testDeps } = await fixtures()
    const engine = await load<typeof import('../../shared/engine')>('shared/engine/index.ts')
    const { prepareSuggestions, suggestionsFor } = await load<typeof import('../../renderer/emulator/suggestions')>(
      'renderer/emulator/suggestions.ts',
    )
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'vote' as never, name: 'vote_1', config: { prompt: 'Shall we?' } },
        { type: 'message', name: 'yay', config: { text: 'Yay' } },
        { type: 'message', name: 'nay', config: { text: 'Nay' } },
      ],
      [
        ['trigger_1', 'out', 'vote_1'],
        ['vote_1', 'yes', 'yay'],
        ['vote_1', 'no', 'nay'],
      ],
    )
    const { deps } = testDeps()
    const start = await engine.startRun(doc, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(start.state.waiting?.nodeId).toBe('n_vote_1')
    await prepareSuggestions(doc, 'n_vote_1')
    const offered = suggestionsFor(doc, 'n_vote_1', { now: Date.now() })
    expect(offered.map((o) => o.label)).toEqual(['yes', 'no'])
    const said = []
    for (const o of offered) {
      const step = await engine.resumeRun(doc, start.state, o.event as never, ASHA, deps)
      said.push(step.messages.map((m) => (m.type === 'text' ? m.text.body : m.type)))
    }
    expect(said).toEqual([['Yay'], ['Nay']])
  })
})

// Echo 2: the setting is called `reply`. The recipe: raise `version`, add a migration from the old version, change
// the schema and what reads it, all in the type's own module.
const ECHO_V2_EDITS: [string, string][] = [
  ['z.object({ text: z.string()', 'z.object({ reply: z.string()'],
  ["defaults: () => ({ text: '' })", "defaults: () => ({ reply: '' })"],
  [
    "[{ pointer: '/text', label: 'Echo text', value: c.text }]",
    "[{ pointer: '/reply', label: 'Echo reply', value: c.reply }]",
  ],
  [
    "[{ pointer: '/text', label: 'Echo text', value: c.text, limit: 4096, kind: 'body' }]",
    "[{ pointer: '/reply', label: 'Echo reply', value: c.reply, limit: 4096, kind: 'body' }]",
  ],
  [
    "isBlank(c.text) ? [error(ctx, 'config.required', 'Echo needs a text.', '/text')]",
    "isBlank(c.reply) ? [error(ctx, 'config.required', 'Echo needs a reply.', '/reply')]",
  ],
  ['summary: (c) => c.text ||', 'summary: (c) => c.reply ||'],
  ['ctx.render(ctx.config.text)', 'ctx.render(ctx.config.reply)'],
  [
    'version: 1,\n  migrations: [],',
    `version: 2,
  migrations: [
    {
      from: 1,
      description: "The setting 'text' is called 'reply'.",
      up: ({ text, ...rest }) => ({ ...rest, reply: typeof text === 'string' ? text : '' }),
    },
  ],`,
  ],
]
const ECHO_V2_MODULE = ECHO_V2_EDITS.reduce((module, [from, to]) => {
  if (!module.includes(from)) throw new Error(`Echo's module no longer holds ${from}`)
  return module.replace(from, to)
}, ECHO_MODULE)

describe('adding a version of a node type touches its module alone', () => {
  let dir2: string
  const load2 = <T>(rel: string): Promise<T> => import(path.join(dir2, rel)) as Promise<T>
  beforeAll(() => {
    dir2 = fs.mkdtempSync(path.join(ROOT, '.tmp', 'add-node-version-'))
    // The node model and what it reads (the examples and the generated schema its tests import).
    for (const d of ['shared', 'resources', 'docs'])
      fs.cpSync(path.join(dir, d), path.join(dir2, d), { recursive: true })
    const before = fs.readFileSync(path.join(dir2, 'shared/nodes/echo/index.ts'), 'utf8')
    expect(before).toBe(ECHO_MODULE)
    fs.writeFileSync(path.join(dir2, 'shared/nodes/echo/index.ts'), ECHO_V2_MODULE)
  })
  afterAll(() => fs.rmSync(dir2, { recursive: true, force: true }))

  it('the node model still type-checks', () => {
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as Record<string, unknown>
    fs.writeFileSync(path.join(dir2, 'tsconfig.json'), JSON.stringify({ ...config, include: ['shared'] }))
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc')
    const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', path.join(dir2, 'tsconfig.json')], {
      encoding: 'utf8',
    })
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  }, 300_000)

  it('a document written for Echo 1 is migrated, validated and run; one for Echo 3 is refused', async () => {
    const { parseFlow } = await load2<typeof import('../../shared/nodes/load-flow')>('shared/nodes/load-flow.ts')
    const { validateFlow } = await load2<typeof import('../../shared/analysis/validate')>('shared/analysis/validate.ts')
    const engine = await load2<typeof import('../../shared/engine')>('shared/engine/index.ts')
    const { ASHA, testDeps } = await load2<typeof import('../../shared/engine/testing/fixtures')>(
      'shared/engine/testing/fixtures.ts',
    )
    const node = (type: string, name: string, config: object, extra: object = {}) => ({
      id: `n_${name}`,
      type,
      name,
      position: { x: 0, y: 0 },
      config,
      ...extra,
    })
    const old = (echoVersion?: number) => ({
      format: 'chatflow.flow/1',
      id: 'flw_echo',
      name: 'Echo',
      active: true,
      nodes: [
        node('trigger', 'trigger_1', { kind: 'manual' }),
        node('echo', 'echo_1', { text: 'Hi {{customer_name}}' }, echoVersion ? { typeVersion: echoVersion } : {}),
        node('end', 'end_1', {}),
      ],
      edges: [
        { id: 'e1', source: 'n_trigger_1', sourcePort: 'out', target: 'n_echo_1' },
        { id: 'e2', source: 'n_echo_1', sourcePort: 'out', target: 'n_end_1' },
      ],
    })
    const loaded = parseFlow(JSON.stringify(old()))
    if (!loaded.ok) throw new Error(loaded.error.message)
    expect(loaded.migratedNodes).toEqual([{ nodeId: 'n_echo_1', nodeName: 'echo_1', type: 'echo', from: 1, to: 2 }])
    expect(loaded.document.nodes[1]).toMatchObject({ typeVersion: 2, config: { reply: 'Hi {{customer_name}}' } })
    expect(validateFlow(loaded.document)).toEqual([])
    const step = await engine.startRun(loaded.document, { contact: ASHA, trigger: { kind: 'manual' } }, testDeps().deps)
    expect(step.messages).toEqual([{ type: 'text', text: { body: 'Hi Asha' } }])

    const newer = parseFlow(JSON.stringify(old(3)))
    expect(newer.ok ? null : newer.error.message).toBe(
      "Node 'echo_1' is version 3 of the Echo node type (echo), but this build knows only up to version 2. Update Chatflow to open, validate or run this flow.",
    )
  })

  it('the docs generator lists the version and its migration', async () => {
    const { nodeConfigMarkdown } = await load2<typeof import('../../shared/analysis/docs-tables')>(
      'shared/analysis/docs-tables.ts',
    )
    expect(nodeConfigMarkdown()).toContain(
      "Version 2 (`typeVersion`); nodes of older versions are migrated when a document is read:\n- 1 → 2: The setting 'text' is called 'reply'.",
    )
  })
})
