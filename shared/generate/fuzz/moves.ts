// Random moves for a fuzzed conversation: how it starts (any trigger of the flow, odd keywords, random webhook data),
// the mocks it runs with (HTTP answering any status with any body, scripts returning anything), and what the
// customer does where the run waits (taps, typed titles, stale titles, keywords, garbage, forms with wrong types).
import type { ConversationTest } from '../../engine/conversation'
import type { NodeMock } from '../../engine/deps'
import type { ChatFlowConfig } from '../../nodes/chat_flow/definition'
import { formFields } from '../../nodes/chat_flow/definition'
import type { QuestionConfig } from '../../nodes/question/definition'
import type { ScriptConfig } from '../../nodes/script/definition'
import type { TriggerConfig } from '../../nodes/trigger/definition'
import { setPath } from '../../rules/vars'
import { invalidAnswers, validAnswers } from '../answers'
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
    if (n.type === 'http_call') {
      if (rnd.chance(0.15)) out[n.name] = { error: 'connection refused (fuzz)' }
      else
        out[n.name] = {
          response: {
            status: rnd.pick([200, 200, 200, 201, 204, 400, 404, 500, 503]),
            body: rnd.chance(0.6) ? shaped(ix, n.name, rnd) : rnd.json(),
          },
        }
    }
    if (n.type === 'script' && !(scripts && rnd.chance(0.6))) {
      const c = ix.graph.config(i) as ScriptConfig | undefined
      if (rnd.chance(0.2)) out[n.name] = { error: 'script failed (fuzz)' }
      else {
        const output: Record<string, unknown> = {}
        for (const o of c?.outputs ?? []) if (o.name && rnd.chance(0.8)) output[o.name] = rnd.json(1)
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
  const extra = [...keywords, ...seenTitles, ...constantsOf(ix)]
  if (node?.type === 'interactive_message') {
    const data = state.waiting.data as { mode: string; options: Array<{ id: string; title: string }> } | undefined
    const options = data?.options ?? []
    if (options.length && rnd.chance(0.65)) {
      const o = rnd.pick(options)
      return data?.mode === 'list' ? { row: o.title } : { button: o.title }
    }
    // Typed text: a title in another case, a title of an older message (a stale tap), a keyword, anything.
    return rnd.text(extra.map((t) => (rnd.chance(0.5) ? t.toUpperCase() : t)))
  }
  // A tap on a button or row of the last menu sent, while the run waits for something else: a stale tap.
  const menu = lastMenu(outcome)
  if (menu && rnd.chance(0.15))
    return menu.mode === 'list' ? { row: rnd.pick(menu.titles) } : { button: rnd.pick(menu.titles) }
  if (node?.type === 'question') {
    const c = ix.graph.config(w!) as QuestionConfig
    const valid = validAnswers(c, ix.answers)
    const invalid = invalidAnswers(c, ix.answers)
    // The values that break arithmetic and lengths, whatever the answer type: zero (divided by), negatives,
    // nothing, and far too much.
    if (rnd.chance(0.25)) return edgeAnswer(rnd)
    if (valid.length && rnd.chance(0.4)) return rnd.pick(valid)
    if (invalid.length && rnd.chance(0.4)) return rnd.pick(invalid)
    return rnd.text(extra)
  }
  if (node?.type === 'chat_flow') {
    if (rnd.chance(0.2)) return rnd.text(extra)
    return { form: randomForm(ix.graph.config(w!) as ChatFlowConfig, rnd) }
  }
  return rnd.text(extra)
}

/** Zero, negative numbers, empty text and very long text: typed as they come, for every typed answer. */
export const EDGE_ANSWERS: readonly string[] = ['0', '-1', '-250', '-0.5', '', ' ', 'x'.repeat(4096)]

function edgeAnswer(rnd: Random): string {
  return rnd.pick(EDGE_ANSWERS)
}

/** Mostly fitting submissions, some with values of the wrong kind or required fields left out. */
function randomForm(c: ChatFlowConfig, rnd: Random): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const careless = rnd.chance(0.3)
  for (const f of formFields(c)) {
    if (!f.name || (!f.required && rnd.chance(0.3)) || (careless && rnd.chance(0.3))) continue
    if (careless && rnd.chance(0.5)) {
      out[f.name] = rnd.json(1)
      continue
    }
    const ids = f.options.map((o) => o.id)
    out[f.name] =
      f.type === 'radio' || f.type === 'dropdown'
        ? ids.length
          ? rnd.pick(ids)
          : ''
        : f.type === 'checkbox'
          ? ids.filter(() => rnd.chance(0.5))
          : f.type === 'opt_in'
            ? rnd.chance(0.5)
            : f.type === 'number'
              ? rnd.pick([0, -1, rnd.int(-100, 100000)])
              : f.type === 'email'
                ? 'test@example.com'
                : f.type === 'date'
                  ? '2030-01-15'
                  : rnd.text()
  }
  return out
}

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
