// The A/B split's one decision (docs/runtime.md, "A/B split"): which of the two versions a new run of a split flow
// starts on for a contact. Both stores read the split and the contact's assignment; this file decides, and the
// runtime (electron/runtime/runtime.ts `handle`) applies it to every start: webhook, inbound message (keyword,
// button, ad), broadcast. Pure apart from hashing.
import { createHash } from 'node:crypto'
import type { FlowSplit } from '../../../shared/api/commands/split'
import type { RunState } from '../../../shared/engine'

/** A flow's split as a contact's transaction sees it: the split, and the version the contact was given under it. */
export interface SplitSeen {
  split: FlowSplit
  /** The contact's assignment for this flow, under whichever split of it made it (null: none). */
  assigned: { version: number; since: number } | null
}

/** What a run's start under a split writes: the contact keeps this version while the split lasts. */
export interface SplitAssignment {
  flowId: string
  version: number
  since: number
}

/**
 * The contact's place in the split, in [0, 100): the first 48 bits of SHA-256 of the flow, the split and the
 * contact. The same on every instance and after a restart, uniform over contacts, and independent between splits
 * (a new split of the flow draws again).
 */
export function splitPoint(flowId: string, since: number, contactId: string): number {
  const h = createHash('sha256').update(`${flowId}\u001f${since}\u001f${contactId}`).digest()
  return (h.readUIntBE(0, 6) / 2 ** 48) * 100
}

/**
 * The version a new run of the flow starts on for this contact: the one it was given under this split (sticky,
 * whatever the percent became since), else versions[1] when its point falls under the percent, else versions[0].
 */
export function chooseVersion(seen: SplitSeen, contactId: string): number {
  const { split, assigned } = seen
  if (assigned && assigned.since === split.since && split.versions.includes(assigned.version)) return assigned.version
  return splitPoint(split.flowId, split.since, contactId) < split.percent ? split.versions[1] : split.versions[0]
}

/**
 * A run started under a split carries its version in its stored state, like the traffic record (plain JSON the
 * engine clones along): it goes on with that version's document until it ends, whatever the split or the running
 * version become. A run without it goes on with the running document, as before splits.
 */
type StateWithSplit = RunState & { splitVersion?: number }

export const splitVersionOf = (s: RunState): number | undefined => (s as StateWithSplit).splitVersion

export function pinToVersion(s: RunState, version: number): void {
  ;(s as StateWithSplit).splitVersion = version
}

/** The version a run starting in this step is recorded under: its split's, else the store's running version. */
export function startVersion(s: RunState, running: number | null): number | null {
  return splitVersionOf(s) ?? running
}
