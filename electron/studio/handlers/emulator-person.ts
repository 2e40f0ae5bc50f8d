import { handBack, personReply, takeOver } from '../../services/runs'
import { lookup, outcome } from '../emulator/outcome'
import { contactOf, flowOf, runsFor, sessionOf, toMocks } from '../emulator/service'
import { asApiFailure } from './handovers'
import type { Handler } from './types'

// The person's part in the emulator (docs/emulator.md, "Playing the person"): take the test contact's conversation,
// write as the person, hand it back with variables. The contact's emulator clock drives a Hand over node's
// "back after" (emulator.skip wakes it by `returned`).

type Person = 'emulator.handover' | 'emulator.handBack' | 'emulator.personReply'

export const emulatorPersonHandlers: { [C in Person]: Handler<C> } = {
  'emulator.handover': async (req, ctx) => {
    flowOf(ctx, req.flowId)
    const runs = runsFor(ctx, false, req.contactId)
    const opts = { note: req.note, until: req.until }
    await takeOver(runs, contactOf(runs, req.contactId), 'studio', opts).catch(asApiFailure)
    ctx.emit('emulator.updated', { flowId: req.flowId, contactId: req.contactId, runId: null })
    return sessionOf(ctx, req.flowId, req.contactId)
  },
  'emulator.handBack': async (req, ctx) => {
    flowOf(ctx, req.flowId)
    const runs = runsFor(ctx, false, req.contactId)
    const contact = contactOf(runs, req.contactId)
    const opts = { flowOf: lookup(ctx), mocks: toMocks(req.mocks) }
    const back = await handBack(runs, contact, 'studio', req.variables, opts).catch(asApiFailure)
    const runId = back.handled.ran?.step.state.flowId === req.flowId ? back.handled.ran.step.state.id : null
    return back.resumed
      ? outcome(ctx, req.flowId, req.contactId, 'resumed', null, runId)
      : outcome(
          ctx,
          req.flowId,
          req.contactId,
          'ignored',
          'Handed back: the bot has the conversation again. No Hand over node was waiting, so nothing ran.',
          null,
        )
  },
  'emulator.personReply': async (req, ctx) => {
    flowOf(ctx, req.flowId)
    const runs = runsFor(ctx, false, req.contactId)
    contactOf(runs, req.contactId)
    await personReply(runs, req.contactId, req.text, false).catch(asApiFailure)
    ctx.emit('emulator.updated', { flowId: req.flowId, contactId: req.contactId, runId: null })
    return sessionOf(ctx, req.flowId, req.contactId)
  },
}
