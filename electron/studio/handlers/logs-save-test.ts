// `logs.saveTest`: a run of the Flow Logs, this studio's or a production server's, saved as a conversation test of
// the studio's flow (docs/testing.md, "Tests from real runs"; the conversion is logs/run-to-test.ts).
import type { LogTrace } from '../../../shared/api/commands/logs'
import type { ConversationTest } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { ApiFailure, notFound } from '../../services/failure'
import { localSource } from '../../services/logs/source'
import { conversationTests, emulatorRuns, flowOf } from '../emulator/service'
import { skipsOf } from '../emulator/skips'
import { takeoversOf } from '../emulator/person-turns'
import type { ConversationTests } from '../emulator/tests'
import { remoteSource } from '../logs/remote'
import { logQueries } from '../logs/service'
import { maskTest, typedTurns } from '../logs/mask'
import { answeredOtherwise, runToTest, WINDOW_CODES } from '../logs/run-to-test'
import { publishClient } from '../publish/servers'
import type { AreaHandlers, HandlerContext } from './types'

type Req = Parameters<AreaHandlers<'logs'>['logs.saveTest']>[0]

export async function saveRunAsTest(req: Req, ctx: HandlerContext) {
  const remote = req.serverId !== undefined
  const source = remote ? remoteSource(ctx.service(publishClient), req.serverId!) : localSource(ctx.service(logQueries))
  const log = await source.run(req.runId)
  if (!log) throw notFound('Run', req.runId)
  const flow = studioFlow(ctx, log)
  const tests = ctx.service(conversationTests)
  const contact = remote ? null : ctx.service(emulatorRuns).contacts.get(log.run.contact.id)
  // A production server always plays the channel's window; a studio run did when its trace met a refusal of it.
  const enforced = remote || log.trace.some((e) => e.error && WINDOW_CODES.has(e.error.code))
  const atStart = log.contactAtStart
  const test = runToTest(log, {
    name: req.name,
    scripts: req.scripts,
    ...(enforced
      ? { window: { lastInboundAt: atStart?.lastInboundAt ?? null, optedIn: atStart?.optedIn ?? true } }
      : {}),
    fields: contact?.fields ?? atStart?.fields,
    templates: await tests.templatesOf(log.trace, flow),
    skips: remote ? [] : skipsOf(ctx.db, req.runId),
    takeovers: remote ? [] : takeoversOf(ctx.db, log.run.contact.id, log.run.startedAt, log.run.endedAt),
  })
  const mask = req.mask ?? remote
  const saved = mask ? await maskedTest(tests, flow, test) : test
  const header = [
    `Saved from the Flow Logs: run ${log.run.id} of ${remote ? `server ${serverName(ctx, req.serverId!)}` : 'this studio'}, started ${new Date(log.run.startedAt).toISOString()}${mask ? ', personal data masked' : ''}.`,
    ...answeredOtherwise(log.trace, req.scripts).map(
      (node) => `${node} answered otherwise on a later run in this run; every run of it here gets its first answer.`,
    ),
  ]
  return tests.write(flow.id, saved, req.replace, header)
}

function serverName(ctx: HandlerContext, id: string): string {
  return (
    ctx
      .service(publishClient)
      .list()
      .find((s) => s.id === id)?.name ?? id
  )
}

/** The studio's flow the run belongs to: a server's run is saved to the flow the studio published. */
function studioFlow(ctx: HandlerContext, log: LogTrace): FlowDocument {
  try {
    return flowOf(ctx, log.run.flowId)
  } catch (err) {
    if (err instanceof ApiFailure && err.code === 'not_found')
      throw new ApiFailure(
        'not_found',
        `This studio has no flow ${log.run.flowName} (${log.run.flowId}) to save the test to: import or publish it from here first.`,
      )
    throw err
  }
}

/**
 * The test with personal data masked, playing as the unmasked one does against today's flow. A typed answer whose
 * stand-in changes what the flow does (a number a rule compares, a word a router matches) is kept as typed, from the
 * turn where the two first part, until they agree.
 */
async function maskedTest(tests: ConversationTests, flow: FlowDocument, test: ConversationTest) {
  // Where each failure is (`turn 3`, `end`), without the typed text the label quotes: that text is what is masked.
  const where = async (t: ConversationTest) =>
    (await tests.tryOut(flow, t)).map((f) => /^(turn \d+|\S+)/.exec(f.where)?.[1] ?? f.where)
  const expected = (await where(test)).join('\n')
  const keep = new Set<number>()
  const answers = typedTurns(test)
  for (;;) {
    const masked = maskTest(test, { keep })
    const got = await where(masked)
    if (got.join('\n') === expected) return masked
    const turn = firstTurn(got, expected.split('\n'))
    // The answer typed last before the turn that parts; else any left (a value the flow's own text also holds, as a
    // prompt's example the customer typed, parts where the flow says it, maybe before it was typed).
    const left = [...answers].reverse().filter((i) => !keep.has(i))
    const next = left.find((i) => turn === null || i <= turn) ?? left[0]
    if (next === undefined)
      throw new ApiFailure(
        'unsupported',
        'Masking the personal data of this run changes what the flow does with it, so the test would not replay the run. Save it without masking, or edit the test after saving.',
      )
    keep.add(next)
  }
}

/** The first turn (index from 0) at which the masked test fails and the plain one does not, when a turn says. */
function firstTurn(got: string[], expected: string[]): number | null {
  const differ = got.find((w) => !expected.includes(w)) ?? expected.find((w) => !got.includes(w))
  const m = differ ? /^turn (\d+)/.exec(differ) : null
  return m ? Number(m[1]) - 1 : null
}
