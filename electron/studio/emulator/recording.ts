// "Record model answers" in the Tests tab: the flow's tests played against Settings → Model provider, one recording
// per flow at a time, with an AbortController `emulator.cancelRecording` aborts. A model call under way ends at once
// (the test keeps its old recordings: a cancelled question counts as a failed one); tests not reached keep theirs.
import type { ConversationTestRecord } from '../../../shared/api/commands/emulator-tests'
import { ApiFailure } from '../../services/failure'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { conversationTests, flowOf } from './service'

/** The recordings at work, by flow; closing the back end cancels them. */
const recordingsAtWork: ServiceFactory<Map<string, AbortController> & { close(): void }> = () => {
  const running = new Map<string, AbortController>()
  return Object.assign(running, { close: () => running.forEach((c) => c.abort()) })
}

export async function recordModelAnswers(
  ctx: HandlerContext,
  flowId: string,
  ids?: string[],
): Promise<ConversationTestRecord[]> {
  const flow = flowOf(ctx, flowId)
  const running = ctx.service(recordingsAtWork)
  if (running.has(flowId))
    throw new ApiFailure('conflict', "This flow's model answers are already being recorded: wait, or cancel.")
  const controller = new AbortController()
  running.set(flowId, controller)
  try {
    return await ctx.service(conversationTests).run(flow, ids, true, controller.signal)
  } finally {
    running.delete(flowId)
  }
}

/** Aborts the flow's recording at work; false when there is none. */
export function cancelRecording(ctx: HandlerContext, flowId: string): boolean {
  const running = ctx.service(recordingsAtWork).get(flowId)
  running?.abort()
  return running !== undefined
}
