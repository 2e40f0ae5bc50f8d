// Starts for nodes that decide on the text of the message that started the run (NodeBehaviour.startTexts: an Intent
// node classifying its trigger's message): one draft per text the node declares, aimed at the port it leads to. A
// keyword trigger only starts for a message holding one of its keywords: the keyword is put before (or after) the
// text when the text has none; a trigger that needs the keyword alone (exact match) cannot carry other text.
import { bestKeyword } from '../engine/triggers'
import { bound } from '../nodes/behaviour-of'
import type { TriggerConfig } from '../nodes/trigger/definition'
import type { Draft } from './draft'
import type { FlowIndex } from './flow-index'
import type { StartSource } from './sources-start'

export function startTextDrafts(
  ix: FlowIndex,
  trigger: number,
  src: StartSource,
  start: string | undefined,
  keys: Set<string>,
): Draft[] {
  const config = ix.graph.config(trigger) as TriggerConfig | undefined
  if (!config || !['keyword', 'ad_click', 'webhook'].includes(config.kind)) return []
  const out: Draft[] = []
  for (const node of ix.graph.nodes) {
    const declared = bound(node, (b) => b.startTexts)
    if (!declared) continue
    for (const sample of declared.decl(declared.config, ix.answers)) {
      if (typeof sample.input !== 'string') continue
      const text = carried(config, sample.input)
      if (text === null) continue
      const s = src.start({ message: text })
      if (!s || keys.has(JSON.stringify(s))) continue
      keys.add(JSON.stringify(s))
      out.push({
        now: ix.now,
        ...s,
        ...(start ? { start } : {}),
        mocks: {},
        decided: [],
        inputs: [],
        notes: [`starts with ${JSON.stringify(text)}`],
        ...(sample.port ? { aims: [`${node.id}\u0000${sample.port}`] } : {}),
        cost: 1,
      })
    }
  }
  return out
}

/** The text as a message that starts this trigger, or null when none can carry it. */
function carried(config: TriggerConfig, text: string): string | null {
  if (config.kind !== 'keyword') return text
  const keyword = config.keywords.find((k) => k.trim())?.trim()
  for (const t of [text, `${keyword} ${text}`, `${text} ${keyword}`]) if (bestKeyword(config, t) !== null) return t
  return null
}
