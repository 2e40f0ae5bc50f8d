import type { HandoverTarget } from '../../../shared/api/commands/handovers'
import { ApiFailure, notFound } from '../../services/failure'
import { HandoverConflict } from '../../services/handovers'
import { handBack, OutsideWindowError, personReply, takeOver } from '../../services/runs'
import { runsAtClock } from '../emulator/clock'
import { lookup } from '../emulator/outcome'
import { contactOf, emulatorRuns } from '../emulator/service'
import { remoteHandovers } from '../handovers/remote'
import { publishClient } from '../publish/servers'
import type { AreaHandlers, HandlerContext } from './types'

// Takeovers in the studio (the Contacts screen): a person takes a contact's conversation, answers, and hands it back.
// Each act is an event of the conversation core on the contact's own clock (the emulator's, when it skipped ahead).
// With a `serverId` target the same acts go to that production server through its publish API (handovers/remote.ts).

/** A refusal of the core or the store as the stable code and sentence the screen shows. */
export function asApiFailure(err: unknown): never {
  if (err instanceof HandoverConflict || err instanceof OutsideWindowError) throw new ApiFailure(err.code, err.message)
  throw err
}

const remote = (ctx: HandlerContext, target: HandoverTarget | undefined) =>
  !target || target === 'studio' ? null : remoteHandovers(ctx.service(publishClient), target.serverId)

export const handoversHandlers: AreaHandlers<'handovers'> = {
  'handovers.list': async (req, ctx) => {
    const r = remote(ctx, req.target)
    return { handovers: r ? await r.list(req) : ctx.service(emulatorRuns).handovers.list(req) }
  },
  'handovers.transcript': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return r.transcript(req.id)
    const store = ctx.service(emulatorRuns).handovers
    const handover = store.view(req.id)
    if (!handover) throw notFound('Takeover', req.id)
    return { handover, messages: store.transcript(req.id) }
  },
  'handovers.start': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return r.start(req.contactId, req.note, req.until)
    const runs = runsAtClock(ctx, req.contactId)
    const contact = contactOf(runs, req.contactId)
    const started = await takeOver(runs, contact, 'studio', { note: req.note, until: req.until }).catch(asApiFailure)
    return { handover: runs.handovers.view(started.id)! }
  },
  'handovers.handBack': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return r.handBack(req.contactId, req.variables)
    const runs = runsAtClock(ctx, req.contactId)
    const contact = contactOf(runs, req.contactId)
    const back = await handBack(runs, contact, 'studio', req.variables, { flowOf: lookup(ctx) }).catch(asApiFailure)
    return { handback: back.handback, resumed: back.resumed }
  },
  'handovers.reply': async (req, ctx) => {
    const r = remote(ctx, req.target)
    if (r) return r.reply(req.contactId, req.text)
    const runs = runsAtClock(ctx, req.contactId)
    contactOf(runs, req.contactId)
    // The Contacts screen acts as an operator does (manual.trigger enforces the window too): a free-form message
    // reaches the customer only inside the 24-hour window, so the studio refuses what the channel would.
    return { message: await personReply(runs, req.contactId, req.text, true).catch(asApiFailure) }
  },
}
