import type { FlowDocument } from '../../../shared/flow/document'
import type { EmulatorOutcome } from '../../../shared/api/commands/emulator'
import { ApiFailure } from '../../services/failure'
import type { HandlerContext } from '../handlers/types'
import { flowOf, sessionOf } from './service'

// What every emulator step answers with, and how a step finds the flow of the contact's paused run.

/** The stored flow by id, or null when it no longer exists (the paused run of a deleted flow is then superseded). */
export function lookup(ctx: HandlerContext): (id: string) => FlowDocument | null {
  return (id) => {
    try {
      return flowOf(ctx, id)
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'not_found') return null
      throw err
    }
  }
}

/** Tells open views the run moved and answers with the whole session. */
export function outcome(
  ctx: HandlerContext,
  flowId: string,
  contactId: string,
  action: EmulatorOutcome['action'],
  notice: string | null,
  runId: string | null,
): EmulatorOutcome {
  ctx.emit('emulator.updated', { flowId, contactId, runId })
  return { action, notice, session: sessionOf(ctx, flowId, contactId, runId) }
}
