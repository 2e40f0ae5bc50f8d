// A Hand over node's run in Flow Logs (issue #37): the takeover it started, if any, so the list can say "With a
// person" while it lasts. Read through the contact (the handovers_contact index), then the run: a list page costs one
// index probe per row on both stores.

/**
 * `since` of the newest takeover the run's Hand over node started, and when the last one ended: null while one is
 * open (a contact has at most one). Aggregates, not ORDER BY … LIMIT 1, so the list's plan sorts nothing
 * (`run`, `contact`: SQL columns).
 */
export const handoverSql = (run: string, contact: string) => {
  const mine = `FROM handovers h WHERE h.contact_id = ${contact} AND h.run_id = ${run}`
  return `(SELECT max(h.since) ${mine}) AS handover_since,
    (SELECT CASE WHEN count(*) > count(h.ended_at) THEN NULL ELSE max(h.ended_at) END ${mine}) AS handover_ended_at`
}

export interface HandoverColumns {
  handover_since?: number | string | null
  handover_ended_at?: number | string | null
}

/** The LogRun field; absent for runs that handed nothing over (and stores that do not select the columns). */
export function handoverOf(r: HandoverColumns): { handover?: { since: number; endedAt: number | null } } {
  if (r.handover_since === null || r.handover_since === undefined) return {}
  const ended = r.handover_ended_at
  return {
    handover: {
      since: Number(r.handover_since),
      endedAt: ended === null || ended === undefined ? null : Number(ended),
    },
  }
}
