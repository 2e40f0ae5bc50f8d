// Where an inbound message goes, given the contact's paused run (if any) and the flows it could start.
// The rules (docs/engine.md, "Paused runs"):
//   1. a paused run whose window has expired does not count (the host closes it as 'expired');
//   2. a message the waiting node accepts as its answer resumes the run, even if it is also a keyword;
//   3. otherwise a message that starts a flow supersedes the paused run (closed as 'superseded');
//   4. otherwise the paused run receives it anyway (a button node re-sends its buttons, for example);
//   5. with no paused run and no trigger match, nothing happens.
import type { FlowDocument } from '../flow/document'
import type { NodeCatalog } from './deps'
import { isExpired } from './machine'
import { matchTrigger, type TriggerMatch } from './triggers'
import type { InboundEvent, RunState } from './types'

export type Route =
  | { action: 'resume'; run: RunState }
  | { action: 'start'; match: TriggerMatch; supersede: RunState | null; expire: RunState | null }
  | { action: 'none'; expire: RunState | null }

export interface PausedRun {
  state: RunState
  flow: FlowDocument
}

export function routeInbound(
  event: InboundEvent,
  paused: PausedRun | null,
  flows: readonly FlowDocument[],
  catalog: NodeCatalog,
  now: number,
): Route {
  const expired = paused && isExpired(paused.state, now) ? paused.state : null
  const live = paused && !expired ? paused : null
  if (live && accepts(live, event, catalog)) return { action: 'resume', run: live.state }
  const match = matchTrigger(flows, event)
  if (match) return { action: 'start', match, supersede: live?.state ?? null, expire: expired }
  if (live) return { action: 'resume', run: live.state }
  return { action: 'none', expire: expired }
}

function accepts(paused: PausedRun, event: InboundEvent, catalog: NodeCatalog): boolean {
  const cursor = paused.state.waiting
  if (!cursor) return false
  const node = paused.flow.nodes.find((n) => n.id === cursor.nodeId)
  const runner = node ? catalog.node(node.type)?.runner : undefined
  // A waiting node without an opinion takes whatever comes: it waited for exactly this customer.
  return runner?.accepts ? runner.accepts(event, cursor) : true
}
