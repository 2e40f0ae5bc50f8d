import { ApiFailure, notFound } from '../../services/failure'
import { HandoverConflict } from '../../services/handovers'
import { handBack, OutsideWindowError, personReply, takeOver } from '../../services/runs'
import { runsAtClock } from '../emulator/clock'
import { lookup } from '../emulator/outcome'
import { contactOf, emulatorRuns } from '../emulator/service'
import type { AreaHandlers } from './types'

// Takeovers in the studio (the Contacts screen): a person takes a contact's conversation, answers, and hands it back.
// Each act is an event of the conversation core on the contact's own clock (the emulator's, when it skipped ahead).

/** A refusal of the core or the store as the stable code and sentence the screen shows. */
export function asApiFailure(err: unknown): never {
  if (err instanceof HandoverConflict || err instanceof OutsideWindowError) throw new ApiFailure(err.code, err.message)
  throw err
}

export const handoversHandlers: AreaHandlers<'handovers'> = {
  'handovers.list': (req, ctx) => ({ handovers: ctx.service(emulatorRuns).handovers.list(req) }),
  'handovers.transcript': (req, ctx) => {
    const store = ctx.service(emulatorRuns).handovers
    const handover = store.view(req.id)
    if (!handover) throw notFound('Takeover', req.id)
    return { handover, messages: store.transcript(req.id) }
  },
  'handovers.start': async (req, ctx) => {
    const runs = runsAtClock(ctx, req.contactId)
    const contact = contactOf(runs, req.contactId)
    const started = await takeOver(runs, contact, 'studio', { note: req.note }).catch(asApiFailure)
    return { handover: runs.handovers.view(started.id)! }
  },
  'handovers.handBack': async (req, ctx) => {
    const runs = runsAtClock(ctx, req.contactId)
    const contact = contactOf(runs, req.contactId)
    const back = await handBack(runs, contact, 'studio', req.variables, { flowOf: lookup(ctx) }).catch(asApiFailure)
    return { handback: back.handback, resumed: back.resumed }
  },
  'handovers.reply': async (req, ctx) => {
    const runs = runsAtClock(ctx, req.contactId)
    contactOf(runs, req.contactId)
    return { message: await personReply(runs, req.contactId, req.text, false).catch(asApiFailure) }
  },
}
