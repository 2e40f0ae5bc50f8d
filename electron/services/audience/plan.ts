// A broadcast planned on a host (the studio, the runtime): its schedule and flow checked, its audience read (the
// CSV's contacts, or the host's contacts in the segment), each recipient's due time, and the dry run over the
// contacts as they are now. The hosts' dry-run answers the report; their create stores the recipients.
import type { CreditRule } from '../../../shared/api/commands/manual'
import {
  DAY_MS,
  dryRun,
  flowStart,
  MAX_BROADCAST_CONTACTS,
  planRecipients,
  scheduleProblem,
  type BroadcastSpec,
  type DryRunReport,
  type PlannedRecipient,
} from '../../../shared/broadcast'
import type { FlowDocument } from '../../../shared/flow/document'
import { startsFlow } from '../../../shared/nodes/behaviour-of'
import { ApiFailure } from '../failure'
import type { ContactDirectory } from './directory'

export interface PlanHost {
  directory: ContactDirectory
  /** The flow the broadcast starts, as this host runs it (the studio's saved flow, the runtime's published one). */
  flow(flowId: string): Promise<FlowDocument | null>
  rule: CreditRule
  /** Messages per second the host sends at (a spec's own rate only slows it). */
  sendRate: number
  /** New business-initiated conversations per rolling 24 hours; null: unlimited. */
  conversationLimit: number | null
  /** New conversations opened since (the daily limit's count so far). */
  newConversationsSince(since: number): Promise<number>
  now(): number
  /** The sentence for a flow this host does not have (the runtime: not published). */
  noFlow(flowId: string): string
}

export interface BroadcastPlan {
  flow: FlowDocument
  recipients: PlannedRecipient[]
  report: DryRunReport
}

export async function planBroadcast(spec: BroadcastSpec, host: PlanHost): Promise<BroadcastPlan> {
  const now = host.now()
  const problem = scheduleProblem(spec.schedule, now)
  if (problem) throw new ApiFailure('invalid_schedule', problem)
  const flow = await host.flow(spec.flowId)
  if (!flow) throw new ApiFailure('not_found', host.noFlow(spec.flowId))
  if (spec.triggerNodeId !== undefined && !flow.nodes.some((n) => n.id === spec.triggerNodeId && startsFlow(n.type)))
    throw new ApiFailure('not_found', `Flow "${flow.name}" has no trigger node '${spec.triggerNodeId}'.`)
  const start = flowStart(flow, host.rule, spec.triggerNodeId)
  if (!start.triggerNodeId)
    throw new ApiFailure('no_trigger', `Flow "${flow.name}" has no trigger node: a broadcast starts a flow at one.`)
  let segment: Awaited<ReturnType<ContactDirectory['segment']>> = []
  if (spec.audience.kind === 'segment') {
    segment = await host.directory.segment(spec.audience, MAX_BROADCAST_CONTACTS)
    if (segment.length > MAX_BROADCAST_CONTACTS)
      throw new ApiFailure(
        'too_many_recipients',
        `The segment has more than ${MAX_BROADCAST_CONTACTS.toLocaleString('en')} contacts; a broadcast goes to at most that many. Narrow it with more tags or fields.`,
      )
  }
  const recipients = planRecipients(spec, segment, now)
  const states = await host.directory.states(recipients.filter((r) => !r.blocked).map((r) => r.phone))
  const report = dryRun({
    recipients,
    contactOf: (phone) => states.get(phone) ?? null,
    start,
    rule: host.rule,
    ratePerSecond: Math.min(spec.rate ?? host.sendRate, host.sendRate),
    dailyLimit: host.conversationLimit,
    usedToday: host.conversationLimit === null ? 0 : await host.newConversationsSince(now - DAY_MS),
  })
  return { flow, recipients, report }
}
