// Random moves for a fuzzed conversation: how it starts (any trigger of the flow, odd keywords, random webhook data),
// the mocks it runs with (HTTP answering any status with any body, scripts returning anything), and what the
// customer does where the run waits (taps, typed titles, stale titles, keywords, garbage, forms with wrong types).
import type { ConversationTest } from '../../engine/conversation'
import type { NodeMock } from '../../engine/deps'
import { bound, effectsOfType } from '../../nodes/behaviour-of'
import type { TriggerConfig } from '../../nodes/trigger/definition'
import { setPath } from '../../rules/vars'
import { waitMoves, type Draft, type Move, type Outcome } from '../draft'
import type { FlowIndex } from '../flow-index'
import { DEFAULT_CONTACT } from '../contact'
import type { Random } from './random'

export function randomStart(ix: FlowIndex, rnd: Random, scripts: boolean): Draft | null {
  if (ix.graph.triggers.length === 0) return null
  const t = rnd.pick(ix.graph.triggers)
  const c = ix.graph.config(t) as TriggerConfig | undefined
  if (!c) return null
  const name = ix.graph.nodes[t]!.name
  const keywords = c.keywords.map((k) => k.trim()).filter(Boolean)
  const data = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const f of c.dataFields) if (f && rnd.chance(0.85)) out[f] = rnd.json(1)
    if (rnd.chance(0.2)) out[rnd.text()] = rnd.json(1)
    return out
  }
  let trigger: ConversationTest['trigger']
  switch (c.kind) {
    case 'keyword': {
      const k = keywords.length ? rnd.pick(keywords) : 'hi'
      const shaped = rnd.pick([k, k.toUpperCase(), `  ${k}  `, `${k} ${rnd.text()}`, `${rnd.text()} ${k}`])
      trigger = { message: shaped }
      break
    }
    case 'button_click': {
      const id = c.payloadPrefix + rnd.text()
      trigger = { button: { id, title: rnd.text() || id } }
      break
    }
    case 'webhook':
      trigger = { webhook: { data: data(), ...(rnd.chance(0.3) ? { message_text: rnd.text() } : {}) } }
      break
    case 'manual':
      trigger = { manual: { operator: rnd.text(), data: data() } }
      break
    case 'ad_click':
      trigger = {
        message: rnd.text() || 'hi',
        referral: { headline: rnd.text(), source_id: rnd.text(), body: rnd.text() },
      }
      break
  }
  const contact = rnd.chance(0.8)
    ? DEFAULT_CONTACT
    : { name: rnd.text() || 'Someone', phone: `+${rnd.int(1, 9)}${String(rnd.int(100000, 99999999999))}` }
  const message = c.kind === 'keyword' || c.kind === 'button_click' || c.kind === 'ad_click'
  return {
    now: ix.now,
    contact,
    trigger,
    ...(message && !ix.doc.active ? { start: name } : {}),
    mocks: randomMocks(ix, rnd, scripts),
    decided: [],
    inputs: [],
    notes: [],
  }
}

function randomMocks(ix: FlowIndex, rnd: Random, scripts: boolean): Record<string, NodeMock> {
  const out: Record<string, NodeMock> = {}
  ix.graph.nodes.forEach((n, i) => {
    // How a test stands in for the node, as its module declares (NodeEffects.mock).
    const effects = effectsOfType(n.type)
    if (effects?.mock === 'response') {
      if (rnd.chance(0.15)) out[n.name] = { error: 'connection refused (fuzz)' }
      else
        out[n.name] = {
          response: {
            status: rnd.pick([200, 200, 200, 201, 204, 400, 404, 500, 503]),
            body: rnd.chance(0.6) ? shaped(ix, n.name, rnd) : rnd.json(),
          },
        }
    }
    if (effects?.mock === 'outputs' && !(effects.runsCode && scripts && rnd.chance(0.6))) {
      const c = ix.graph.config(i)
      if (rnd.chance(0.2)) out[n.name] = { error: 'script failed (fuzz)' }
      else {
        const output: Record<string, unknown> = {}
        for (const o of c === undefined ? [] : (effects.outputs?.(c) ?? []))
          if (o && rnd.chance(0.8)) output[o] = rnd.json(1)
        out[n.name] = { output, port: 'success' }
      }
    }
  })
  return out
}

/** The node's sample response with some of its values replaced by anything. */
function shaped(ix: FlowIndex, name: string, rnd: Random): unknown {
  const sample = (ix.doc.samples as Record<string, { result?: unknown } | undefined>)[name]
  let body = structuredClone(sample?.result ?? {})
  if (body === null || typeof body !== 'object') return body
  for (const key of Object.keys(body))
    if (rnd.chance(0.4)) body = setPath(body as Record<string, unknown>, key, rnd.json(1))
  return body
}

/** What the customer does next, or null to stop. */
export function randomMove(ix: FlowIndex, rnd: Random, outcome: Outcome): Move | null {
  const state = outcome.final
  if (!state) return null
  // A run that waits on time: sometimes the customer says nothing and the time comes (any node type).
  const wait = waitMoves(state)
  if (wait.length && rnd.chance(0.3)) return wait[0]!
  const keywords = ix.graph.triggers
    .flatMap((t) => (ix.graph.config(t) as TriggerConfig | undefined)?.keywords ?? [])
    .filter((k) => k.trim())
  const seenTitles = outcome.steps.flatMap((s) => s.messages).flatMap(titlesOf)
  if (state.status !== 'paused' || !state.waiting) return rnd.chance(0.3) && keywords.length ? rnd.pick(keywords) : null
  const w = ix.graph.index.get(state.waiting.nodeId)
  const node = w === undefined ? undefined : ix.graph.nodes[w]
  // A person has the conversation (a Hand over): mostly the person hands it back, setting the variables the node
  // declares (now and then one of the flow's constants); else the customer writes (held).
  const person = node ? bound(node, (b) => b.person) : null
  if (person && rnd.chance(0.7)) {
    const names = person.decl.handsBack?.(person.config) ?? []
    return { person: { hands_back: Object.fromEntries(names.map((n) => [n, rnd.text(constantsOf(ix))])) } }
  }
  const extra = [...keywords, ...seenTitles, ...constantsOf(ix)]
  const declared = node ? bound(node, (b) => b.answers) : null
  // A node whose samples are its own options: a tap on them is never stale (NodeAnswers.choices).
  if (declared?.decl.choices && declared.decl.random)
    return declared.decl.random(declared.config, ix.answers, state.waiting.data, rnd, extra)
  // A tap on a button or row of the last menu sent, while the run waits for something else: a stale tap.
  const menu = lastMenu(outcome)
  if (menu && rnd.chance(0.15))
    return menu.mode === 'list' ? { row: rnd.pick(menu.titles) } : { button: rnd.pick(menu.titles) }
  if (declared?.decl.random) return declared.decl.random(declared.config, ix.answers, state.waiting.data, rnd, extra)
  return rnd.text(extra)
}

/** Zero, negative numbers, empty text and very long text: typed as they come, for every typed answer. */
export { EDGE_ANSWERS } from '../../nodes/question/behaviour'

const constants = new WeakMap<FlowIndex, string[]>()

/** The values the flow's rules compare with: the texts most likely to change where a conversation goes. */
function constantsOf(ix: FlowIndex): string[] {
  let out = constants.get(ix)
  if (!out) {
    out = [
      ...new Set(
        ix.branches.flatMap((b) =>
          b.groups.flatMap((g) =>
            g.rules.flatMap((r) => (r.right !== undefined && !r.right.includes('{{') ? [r.right] : [])),
          ),
        ),
      ),
    ]
    constants.set(ix, out)
  }
  return out
}

function lastMenu(outcome: Outcome): { mode: 'buttons' | 'list'; titles: string[] } | null {
  const m = outcome.steps
    .flatMap((s) => s.messages)
    .filter((x) => x.type === 'interactive' && titlesOf(x).length)
    .at(-1)
  if (!m) return null
  return {
    mode: (m as unknown as { interactive: { type: string } }).interactive.type === 'list' ? 'list' : 'buttons',
    titles: titlesOf(m),
  }
}

function titlesOf(m: { type: string; [k: string]: unknown }): string[] {
  if (m.type !== 'interactive') return []
  const i = m.interactive as {
    type: string
    action?: { buttons?: Array<{ reply: { title: string } }>; sections?: Array<{ rows: Array<{ title: string }> }> }
  }
  if (i.type === 'button') return (i.action?.buttons ?? []).map((b) => b.reply.title)
  if (i.type === 'list') return (i.action?.sections ?? []).flatMap((s) => s.rows.map((r) => r.title))
  return []
}
