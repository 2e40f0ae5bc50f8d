// A node type that exists only in tests: it waits on time through the engine's generic wait (no node type the engine
// knows by name), either on time alone or for the customer or time, whichever comes first. It proves that any node
// module can wait on time, and lets the core's tests build such runs without the Wait node's calendar.
import { z } from 'zod'
import type { NodeCatalog } from '../deps'
import type { NodeModule } from '../../nodes/types'
import { nodeCatalog } from '../../nodes/runners'
import type { FlowDocument } from '../../flow/document'

const SnoozeConfig = z.object({
  ms: z.number().default(3_600_000),
  /** Also answered by the customer (a reply leaves by 'out'), or time alone. */
  customer: z.boolean().default(false),
  prompt: z.string().default(''),
})
type SnoozeConfig = z.infer<typeof SnoozeConfig>

export const snoozeModule: NodeModule<'snooze', SnoozeConfig> = {
  type: 'snooze',
  namePrefix: 'snooze_',
  version: 1,
  migrations: [],
  label: 'Snooze',
  description: 'Test only.',
  category: 'logic',
  configSchema: SnoozeConfig,
  defaults: () => ({ ms: 3_600_000, customer: false, prompt: '' }),
  ports: (c) => [...(c.customer ? [{ id: 'out', label: 'Answered' }] : []), { id: 'timeout', label: 'Time' }],
  waits: () => true,
  variables: () => [],
  textFields: () => [],
  customerTexts: (c) => [{ pointer: '/prompt', label: 'Prompt', value: c.prompt, limit: 4096, kind: 'body' }],
  validate: () => [],
  summary: () => '',
  sends: ['text'],
  runner: {
    run: ({ config, effects, render }) => ({
      kind: 'wait',
      messages: config.prompt ? [{ type: 'text', text: { body: render(config.prompt) } }] : [],
      until: effects.clock.now() + config.ms,
      timeoutPort: 'timeout',
      ...(config.customer ? {} : { customer: false as const }),
    }),
    resume: (_ctx, event) => ({ kind: 'next', port: 'out', output: { said: event.type === 'text' ? event.text : '' } }),
  },
}

/** This build's catalogue with the test-only Snooze added. */
export const snoozeCatalog: NodeCatalog = {
  node: (type) => (type === 'snooze' ? (snoozeModule as never) : nodeCatalog.node(type)),
}

/** Adds a Snooze node (and its edges, by node name) to a flow built with buildFlow. */
export function withSnooze(
  flow: FlowDocument,
  name: string,
  config: Partial<SnoozeConfig>,
  edges: Array<[from: string, port: string, to: string]>,
): FlowDocument {
  const nodes = [
    ...flow.nodes,
    {
      id: `n_${name}`,
      type: 'snooze',
      typeVersion: 1,
      name,
      position: { x: 0, y: 0 },
      config: { ...snoozeModule.defaults(), ...config },
    },
  ]
  const id = (n: string) => nodes.find((x) => x.name === n)!.id
  const more = edges.map(([from, port, to], i) => ({
    id: `e_s${i}`,
    source: id(from),
    sourcePort: port,
    target: id(to),
  }))
  return { ...flow, nodes, edges: [...flow.edges, ...more] }
}
