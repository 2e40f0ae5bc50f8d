// "Generate tests" in the emulator's Tests tab: the generator (shared/generate) run on the flow as saved, with the
// studio's effects (Scripts run in the sandbox; HTTP Calls are always mocked), its tests saved beside the flow's
// other tests in place of those it generated before, then run once so their results and coverage show at once.
import type { GeneratedSuite } from '../../../shared/api/commands/emulator-tests'
import { GENERATED_TEST_PREFIX } from '../../../shared/api/commands/emulator-tests'
import { serialiseConversationTest } from '../../../shared/engine/conversation'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { studioEffects } from '../effects/service'
import type { HandlerContext } from '../handlers/types'
import { conversationTests, flowOf } from './service'

/** Progress events at most this often: a fast flow would otherwise send hundreds. */
const PROGRESS_EVERY_MS = 100

export async function generateTests(ctx: HandlerContext, flowId: string, seconds: number): Promise<GeneratedSuite> {
  const flow = flowOf(ctx, flowId)
  // Loaded on first use: the generator brings the answer parsers' date and phone libraries, which the studio
  // otherwise loads only when a Question first reads an answer (shared/nodes/question/run.ts).
  const { generateSuite } = await import('../../../shared/generate')
  const started = ctx.now()
  let last = 0
  const suite = await generateSuite(
    flow,
    { effects: ctx.service(studioEffects), catalog: nodeCatalog },
    {
      budgetMs: seconds * 1000,
      onProgress: (p) => {
        const now = ctx.now()
        if (now - last < PROGRESS_EVERY_MS) return
        last = now
        ctx.emit('emulator.generateProgress', { flowId, ...p, elapsedMs: now - started })
      },
    },
  )
  const tests = ctx.service(conversationTests)
  const ids = tests.replaceNamed(
    flowId,
    GENERATED_TEST_PREFIX,
    suite.tests.map((t) => {
      const test = { ...t.test, name: GENERATED_TEST_PREFIX + t.test.name }
      return { name: test.name, yaml: serialiseConversationTest(test) }
    }),
  )
  const records = await tests.run(flow, ids)
  ctx.emit('emulator.updated', { flowId, contactId: '', runId: null })
  return {
    tests: records,
    covered: suite.covered,
    total: suite.total,
    unreached: suite.unreached,
    elapsedMs: suite.elapsedMs,
    gaveUp: suite.gaveUp,
    dropped: suite.dropped,
  }
}
