// How a paused node continues (execute-node.ts): with the customer's event, on time (a wake), or because the person
// who had the conversation gave it back (a hand-back, docs/engine.md "The conversation core", rules 14-15).
import type { NodeOutcome, NodeRunner, RunContext } from './runner'
import type { HandBack, Handover, InboundEvent, WaitCursor } from './types'

export type { HandBack }

/** A paused node continues: with the customer's event, on time (`wake`: the clock's now), or by a hand-back. */
export type Resume =
  | { event: InboundEvent; cursor: WaitCursor }
  | { wake: number; cursor: WaitCursor }
  | { handback: HandBack; cursor: WaitCursor }

/** What a paused node records when its time comes: it leaves by the port its wait named (docs/engine.md). */
export function wakeOutcome(cursor: WaitCursor, now: number): NodeOutcome {
  if (cursor.until === undefined || !cursor.timeoutPort)
    return {
      kind: 'fail',
      error: { code: 'invalid_wait', message: 'The run was woken, but its node waits on no time.' },
    }
  const output = { until: new Date(cursor.until).toISOString(), woke_at: new Date(now).toISOString() }
  return { kind: 'next', port: cursor.timeoutPort, output }
}

/** The runner's answer to a resume that is not a wake (the engine carries wakes out itself). */
export function resumeOutcome(
  runner: NodeRunner<unknown>,
  ctx: RunContext<unknown>,
  resume: Exclude<Resume, { wake: number }>,
): NodeOutcome | Promise<NodeOutcome> {
  return 'handback' in resume
    ? runner.handBack!(ctx, resume.handback, resume.cursor)
    : runner.resume!(ctx, resume.event, resume.cursor)
}

/** What the trace records as the input of a resumed node. */
export function resumeInput(resume: Resume | null): Record<string, unknown> {
  if (!resume) return {}
  if ('event' in resume) return { event: resume.event }
  if ('handback' in resume) {
    const { by, at, variables } = resume.handback
    return { handback: { by, at: new Date(at).toISOString(), variables } }
  }
  return { wake: { until: new Date(resume.cursor.until ?? 0).toISOString(), at: new Date(resume.wake).toISOString() } }
}

/** The takeover a Hand over node starts: on the run paused at it, in the flow it belongs to (a callee's, in a call). */
export function handoverStart(
  at: { now: number; runId: string; flowId: string },
  nodeId: string,
  given: { id: string; note: string | null; until: number | null },
): Handover {
  return {
    id: given.id,
    since: at.now,
    by: 'node',
    runId: at.runId,
    flowId: at.flowId,
    nodeId,
    until: given.until,
    note: given.note,
  }
}
