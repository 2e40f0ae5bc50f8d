// The three hosts of a conversation test, each played the way its users drive it, each returning the same record:
// what the bot sent for each event (the trigger, then every turn's input) and every trace event of every run.
// - studio: the emulator's commands on a real back end (the phone's Start test and chat box), mocks as the
//   emulator's mock switches send them;
// - cli: `chatflow test`'s player with its deps (commandLineDeps);
// - serve: the runtime `chatflow serve` opens (openStore, Runtime, startRuntimeServer), published to from the
//   studio, driven over HTTP (the channel's inbound messages, the webhook trigger), under the saved-test policy.
// The test's contact is known to each host before the conversation: its name, fields and stored language.
import type { FlowSource } from '../../../shared/engine'
import type { OutboundMessage, RunState, TraceEvent } from '../../../shared/engine'
import { resolveInput, runConversationTest, type ConversationTest } from '../../../shared/engine/conversation'
import type { PersonAct, WaitSpec } from '../../../shared/engine/conversation/format'
import { waitTarget } from '../../../shared/engine/conversation/wait'
import type { FlowDocument } from '../../../shared/flow/document'
import { commandLineDeps } from '../../../electron/cli/commands/test'
import type { LibraryEffects } from '../../../electron/cli/commands/library'
import type { RequestOf } from '../../../shared/api'
import type { EmulatorOutcome } from '../../../shared/api/commands/emulator'
import type { Backend } from '../../../electron/studio/backend'
import { expectOk } from '../../../electron/studio/testing/backend'
import type { MemoryAdapter } from '../../../electron/runtime/adapters/log-adapter'
import type { Runtime } from '../../../electron/runtime/runtime'
import type { RuntimeStore } from '../../../electron/runtime/store'
import type { ChannelClient } from '../../../electron/runtime/testing/channel-client'
import { handBackByApi, personReply, takeOverByApi } from '../../../electron/runtime/handover-control'

export interface Played {
  /** Per event, in order: the bot's messages in answer (the trigger's first). */
  sent: OutboundMessage[][]
  trace: TraceEvent[]
}

const lastInteractive = (sent: OutboundMessage[][]): OutboundMessage | null =>
  sent.flat().findLast((m) => m.type === 'interactive') ?? null

/**
 * Each turn's input as the event the channel delivers, resolved against what this host's bot sent so far; a `wait:`
 * turn moves the host's clock as its users do (the emulator's Skip ahead, the runtime's clock before its timer).
 */
async function playTurns(
  test: ConversationTest,
  sent: OutboundMessage[][],
  deliver: (e: ReturnType<typeof resolved>) => Promise<OutboundMessage[]>,
  wait: (spec: WaitSpec) => Promise<OutboundMessage[]>,
  /** A `person:` turn as the host's users do it (the emulator's person, the publish API); the bot's messages. */
  person: (act: PersonAct) => Promise<OutboundMessage[]>,
) {
  for (const turn of test.turns) {
    if (turn.wait !== undefined) sent.push(await wait(turn.wait))
    if (turn.person !== undefined) sent.push(await person(turn.person))
    if (turn.user === undefined) continue
    sent.push(await deliver(resolved(resolveInput(turn.user, lastInteractive(sent)))))
  }
}

/** Where a wait turn moves a clock that reads `now`, as the conversation-test player decides it. */
function waitTo(spec: WaitSpec, now: number, run: RunState | null, flow: FlowDocument): number {
  const target = waitTarget(spec, now, run, flow)
  if (!target.ok) throw new Error(target.message)
  return target.at
}

function resolved(r: ReturnType<typeof resolveInput>) {
  if (!r.ok) throw new Error(r.message)
  return r.event
}

export async function playCli(
  flow: FlowDocument,
  test: ConversationTest,
  library: LibraryEffects,
  /** Where calls find their callees, as `chatflow test` finds them (the flow files beside the flow's). */
  flows?: FlowSource,
): Promise<Played & { failures: unknown[] }> {
  const out = await runConversationTest(flow, test, { ...commandLineDeps(library), ...(flows ? { flows } : {}) })
  return { sent: out.exchanges.map((x) => x.bot), trace: out.trace, failures: out.failures }
}

export async function playStudio(
  api: Backend,
  flow: FlowDocument,
  test: ConversationTest,
  /** The back end's clock (the emulator's is this plus the contact's Skip ahead offset). */
  now: () => number = Date.now,
): Promise<Played> {
  const contact = expectOk(await api.call('emulator.contact', { phone: test.contact.phone, name: test.contact.name }))
  if (test.contact.fields)
    expectOk(await api.call('emulator.updateContact', { contactId: contact.id, fields: json(test.contact.fields) }))
  // The language the test's contact has stored, or none: an earlier test of the same contact may have set one.
  expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language: test.contact.language ?? null }))
  const target = { flowId: flow.id, contactId: contact.id }
  const mocks = json<Start['mocks']>(test.mocks ?? {})
  const runs: string[] = []
  const seen = new Map<string, number>()
  const fresh = (outcome: EmulatorOutcome): OutboundMessage[] => {
    const run = outcome.session.run
    if (!run) return []
    if (!runs.includes(run.id)) runs.push(run.id)
    // The bot's messages: a person's replies are among the run's messages too, marked as theirs.
    const outs = outcome.session.messages.flatMap((m) => (m.direction === 'out' && !m.author ? [m.payload] : []))
    const from = seen.get(run.id) ?? 0
    seen.set(run.id, outs.length)
    return outs.slice(from)
  }
  const t = test.trigger
  const startNodeId = test.start ? flow.nodes.find((n) => n.name === test.start)?.id : undefined
  const trigger = json<Start['trigger'] | null>(
    'webhook' in t
      ? {
          kind: 'webhook' as const,
          data: json(t.webhook.data),
          message_text: t.webhook.message_text,
          button_id: t.webhook.button_id,
        }
      : 'manual' in t
        ? { kind: 'manual' as const, data: json(t.manual.data ?? {}) }
        : 'button' in t
          ? { kind: 'button_click' as const, payload: t.button.id, text: t.button.title ?? t.button.id }
          : 'message' in t && t.referral
            ? { kind: 'ad_click' as const, ad: t.referral, text: t.message }
            : 'message' in t
              ? { kind: 'keyword' as const, text: t.message }
              : null,
  )
  if (!trigger) throw new Error('the emulator has no template quick-reply start')
  const sent: OutboundMessage[][] = []
  const started = expectOk(
    await api.call('emulator.start', { ...target, trigger, startNodeId, presets: json(test.variables ?? {}), mocks }),
  )
  sent.push(fresh(started))
  let offset = started.session.clockOffsetMs
  const remember = (outcome: EmulatorOutcome) => ((offset = outcome.session.clockOffsetMs), fresh(outcome))
  await playTurns(
    test,
    sent,
    async (event) =>
      remember(
        expectOk(
          await api.call('emulator.send', {
            ...target,
            event: json<RequestOf<'emulator.send'>['event']>(event),
            mocks,
          }),
        ),
      ),
    async (spec) => {
      const at = now() + offset
      const ms = spec === 'due' ? null : waitTo(spec, at, null, flow) - at
      if (ms === 0) return []
      const to = ms === null ? { kind: 'due' as const } : { kind: 'by' as const, ms }
      return remember(expectOk(await api.call('emulator.skip', { ...target, to, mocks })))
    },
    async (act) => {
      if (typeof act === 'string') expectOk(await api.call('emulator.personReply', { ...target, text: act }))
      else if ('takes_over' in act) expectOk(await api.call('emulator.handover', { ...target, ...act.takes_over }))
      else
        return remember(
          expectOk(await api.call('emulator.handBack', { ...target, variables: json(act.hands_back), mocks })),
        )
      return []
    },
  )
  const trace: TraceEvent[] = []
  for (const runId of runs) trace.push(...expectOk(await api.call('logs.run', { runId })).trace)
  return { sent, trace }
}

export interface ServeHost {
  runtime: Runtime
  store: RuntimeStore
  adapter: MemoryAdapter
  client: ChannelClient
  /** The flow's webhook secret, made through the publish API. */
  secret(flowId: string): Promise<string>
  /** The runtime's clock, and moving it on (a `wait:` turn: then the timers' work, expireStale and runDue). */
  now(): number
  skip(ms: number): void
}

export async function playServe(host: ServeHost, flow: FlowDocument, test: ConversationTest): Promise<Played> {
  const { phone, name } = test.contact
  // The customer is known to the runtime before the conversation (name and fields, as an operator's import would).
  await host.store.withContact(phone, name, async (tx) => {
    const language = test.contact.language ?? null
    if (test.contact.fields || language)
      await tx.contacts.update(tx.contact.id, {
        ...(test.contact.fields ? { fields: test.contact.fields } : {}),
        language,
      })
    await tx.commit({ steps: [] })
  })
  const runs: string[] = []
  const noteRun = (answer: Record<string, unknown>) => {
    const id = answer.run_id ?? answer.runId
    if (typeof id === 'string' && !runs.includes(id)) runs.push(id)
  }
  let count = 0
  const received = async (): Promise<OutboundMessage[]> => {
    await host.runtime.idle()
    const all = host.adapter.to(phone).map((e) => e.message)
    const fresh = all.slice(count)
    count = all.length
    return fresh
  }
  const t = test.trigger
  if ('webhook' in t)
    noteRun(await host.client.webhook(flow.id, await host.secret(flow.id), { phone_number: phone, ...t.webhook }))
  else if ('manual' in t || test.start) throw new Error('a manual or mid-flow start has no channel equivalent')
  else {
    const id = t.chat_message_id ? { id: t.chat_message_id } : {}
    const event =
      'message' in t
        ? { type: 'text' as const, text: t.message, ...(t.referral ? { referral: t.referral } : {}), ...id }
        : 'button' in t
          ? { type: 'button_reply' as const, reply: { id: t.button.id, title: t.button.title ?? t.button.id }, ...id }
          : {
              type: 'template_button' as const,
              button: { payload: t.template_button.payload, text: t.template_button.text ?? t.template_button.payload },
              ...id,
            }
    noteRun(await host.client.send(phone, name, event))
  }
  const sent: OutboundMessage[][] = [await received()]
  await playTurns(
    test,
    sent,
    async (event) => (noteRun(await host.client.send(phone, name, event)), received()),
    async (spec) => {
      const paused = await host.store.withContact(phone, name, (tx) => tx.pausedRun())
      host.skip(waitTo(spec, host.now(), paused, flow) - host.now())
      await host.runtime.expireStale() // the runtime's timers: the expiry sweep, then the wakes
      await host.runtime.runDue()
      return received()
    },
    async (act) => {
      // The publish API's takeover routes, as an operator's tool calls them (electron/runtime/handover-control.ts).
      if (typeof act === 'string') {
        await personReply(host.runtime, phone, act)
        await received() // the person's message, not the bot's
        return []
      }
      if ('takes_over' in act) {
        await takeOverByApi(host.runtime, phone, act.takes_over)
        return received()
      }
      const back = await handBackByApi(host.runtime, phone, act.hands_back)
      if (back.resumed) noteRun({ runId: back.resumed.runId })
      return received()
    },
  )
  const trace: TraceEvent[] = []
  for (const runId of runs) trace.push(...(await host.store.trace(runId)))
  return { sent, trace }
}

type Start = RequestOf<'emulator.start'>

/** Values of a parsed test file are JSON by construction (YAML scalars, maps and lists): typed as the API takes them. */
function json<T = NonNullable<Start['presets']>>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T
}
