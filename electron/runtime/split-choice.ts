// The A/B split's one decision applied to a contact's event (docs/runtime.md, "A/B split"). Runtime.handle is the
// one place every event goes through (a webhook, an inbound message's keyword, button or ad start, a broadcast, a
// wake, a hand-back), so the split is applied here and nowhere else: a start of a split flow gets the contact's
// version's document, the message's flows list holds the contact's version of each split flow, a run going on
// gets the document of the version it started on, and the runs that start are pinned to their version and assign
// it to the contact (ContactWrites.assign).
import type { ConversationEvent, Handled, RunState } from '../../shared/engine'
import type { handleEvent } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { chooseVersion, pinToVersion, splitVersionOf, type SplitAssignment } from '../services/publish/split'
import type { ContactTx } from './store'
import { webhookTriggerOf } from '../../shared/nodes/trigger/kind'

/** The core's answer with the split's assignments of the runs it started (ContactWrites.assign). */
export type SplitHandled = Handled & { assign: SplitAssignment[] }

type CoreInput = Parameters<typeof handleEvent>[0]

export class SplitChoice {
  /** The version each flow runs at for this event: the contact's side of a split, or a run's own pinned version. */
  readonly pins = new Map<string, number>()
  private readonly chosen = new Map<string, SplitAssignment>()

  private constructor(
    private readonly tx: ContactTx,
    private readonly seen: Awaited<ReturnType<ContactTx['splits']>>,
  ) {}

  static async of(tx: ContactTx): Promise<SplitChoice> {
    return new SplitChoice(tx, await tx.splits())
  }

  /** What the core decides on: the paused run with its document (when `reads`), the message's flows, the event. */
  async input(event: ConversationEvent, paused: RunState | null, reads: boolean, now: number): Promise<CoreInput> {
    const current = paused ? { state: paused, flow: reads ? await this.goingOn(paused) : null } : null
    const flows = event.kind === 'message' ? await this.flows(await this.tx.runningFlows()) : []
    return { contact: this.tx.contact, current, flows, event: await this.event(event), now }
  }

  /** The document a run going on continues with: its pinned version's when it started under a split. */
  async goingOn(paused: RunState): Promise<FlowDocument | null> {
    const v = splitVersionOf(paused)
    const doc = v === undefined ? null : await this.tx.versionFlow(paused.flowId, v)
    if (v !== undefined && doc) this.pins.set(paused.flowId, v)
    return doc ?? this.tx.runningFlow(paused.flowId)
  }

  /** The document a new run of `flow` starts on for this contact (`flow` as the running version when no split). */
  async start(flow: FlowDocument, listed = false): Promise<FlowDocument> {
    const seen = this.seen.get(flow.id)
    if (!seen) return flow
    const version = chooseVersion(seen, this.tx.contact.id)
    const doc = await this.tx.versionFlow(flow.id, version)
    // A version this build cannot run (newer-flows.ts) leaves the contact on the running one, unassigned.
    if (!doc) return flow
    this.chosen.set(flow.id, { flowId: flow.id, version, since: seen.split.since })
    // A flow listed for a message's triggers does not take the pin of the paused run the message most likely resumes.
    if (!listed || !this.pins.has(flow.id)) this.pins.set(flow.id, version)
    return doc
  }

  /** The start event and the message's flows, with the contact's side of every split. */
  async event(event: ConversationEvent): Promise<ConversationEvent> {
    if (event.kind !== 'start') return event
    const flow = await this.start(event.flow)
    if (flow === event.flow || !event.triggerNodeId || flow.nodes.some((n) => n.id === event.triggerNodeId))
      return { ...event, flow }
    // The trigger node was found in the running version and this version has no such node: its own webhook trigger.
    return {
      ...event,
      flow,
      triggerNodeId:
        'kind' in event.trigger && event.trigger.kind === 'webhook' ? webhookTriggerOf(flow)?.id : undefined,
    }
  }

  async flows(flows: FlowDocument[]): Promise<FlowDocument[]> {
    return this.seen.size ? Promise.all(flows.map((f) => this.start(f, true))) : flows
  }

  /**
   * Pins every run the core started on a split flow to its version (kept in its state) and answers the
   * assignments to write; runs going on (the paused one, closed or resumed) are left as they are.
   */
  stamp(handled: Handled, paused: RunState | null): SplitAssignment[] {
    if (!this.chosen.size) return []
    const assign = new Map<string, SplitAssignment>()
    for (const { step } of handled.steps) {
      const s = step.state
      const a = this.chosen.get(s.flowId)
      if (!a || s.id === paused?.id) continue
      pinToVersion(s, a.version)
      assign.set(a.flowId, a)
    }
    return [...assign.values()]
  }
}
