// "Generate tests" in the emulator's Tests tab: the generator (shared/generate) run on the flow as saved, with the
// studio's effects (Scripts run in the sandbox; HTTP Calls are always mocked), its tests saved beside the flow's
// other tests in place of those it generated before, then run once so their results and coverage show at once.
// One run per flow at a time, each with an AbortController `emulator.cancelGenerate` aborts: the generator asks its
// budget between units of work in every phase and lets the event loop in while it computes, so the cancel arrives.
import type { GeneratedSuite } from '../../../shared/api/commands/emulator-tests'
import { GENERATED_TEST_PREFIX } from '../../../shared/api/commands/emulator-tests'
import { serialiseConversationTest } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { studioEffects } from '../effects/service'
import { ApiFailure } from '../../services/failure'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { conversationTests, flowOf } from './service'
import { catalogueOf } from '../../../shared/flow/catalogue'
import { flowStore } from '../../services/store/flows'

/** Progress events at most this often: a fast flow would otherwise send hundreds. */
const PROGRESS_EVERY_MS = 100

/** The generations at work, by flow; closing the back end cancels them. */
const generations: ServiceFactory<Map<string, AbortController> & { close(): void }> = () => {
  const running = new Map<string, AbortController>()
  return Object.assign(running, { close: () => running.forEach((c) => c.abort()) })
}

/** Aborts the flow's generation at work; false when there is none. */
export function cancelGenerate(ctx: HandlerContext, flowId: string): boolean {
  const running = ctx.service(generations).get(flowId)
  running?.abort()
  return running !== undefined
}

export async function generateTests(ctx: HandlerContext, flowId: string, seconds: number): Promise<GeneratedSuite> {
  const flow = flowOf(ctx, flowId)
  const running = ctx.service(generations)
  if (running.has(flowId))
    throw new ApiFailure('conflict', 'Tests are already being generated for this flow: wait for them, or cancel.')
  const controller = new AbortController()
  running.set(flowId, controller)
  try {
    return await generate(ctx, flow, flowId, seconds, controller.signal)
  } finally {
    running.delete(flowId)
  }
}

async function generate(
  ctx: HandlerContext,
  flow: FlowDocument,
  flowId: string,
  seconds: number,
  signal: AbortSignal,
): Promise<GeneratedSuite> {
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
      signal,
      // The studio's flows: calls run for real into the flows they name, and their branches are explored.
      flows: catalogueOf(ctx.service(flowStore).documents()),
      onProgress: (p) => {
        const now = ctx.now()
        if (now - last < PROGRESS_EVERY_MS) return
        last = now
        ctx.emit('emulator.generateProgress', { flowId, ...p, elapsedMs: now - started })
      },
    },
  )
  if (suite.cancelled)
    throw new ApiFailure('cancelled', 'Generating tests was cancelled: the tests saved before are unchanged.')
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
    // The flow's own branches (those of the flows it calls count for them: suite.flows).
    covered: suite.flows[0]!.covered,
    total: suite.flows[0]!.total,
    unreached: suite.unreached,
    elapsedMs: suite.elapsedMs,
    gaveUp: suite.gaveUp,
    unfinished: suite.unfinished,
    dropped: suite.dropped,
    flows: suite.flows,
  }
}
