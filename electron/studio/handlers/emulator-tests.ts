import { conversationTests, flowOf } from '../emulator/service'
import { latestRunId } from '../emulator/service'
import { ApiFailure } from '../../services/failure'
import { cancelGenerate, generateTests } from '../emulator/generate'
import { cancelRecording, recordModelAnswers } from '../emulator/recording'
import type { Handler } from './types'

// The conversation-test half of the emulator area; handlers/emulator.ts spreads it into the area's map.
type H<
  C extends
    `emulator.${'saveTest' | 'tests' | 'runTests' | 'deleteTest' | 'testStatus' | 'generateTests' | 'cancelGenerate' | 'cancelRecording'}`,
> = Handler<C>

export const emulatorTestHandlers: {
  'emulator.saveTest': H<'emulator.saveTest'>
  'emulator.tests': H<'emulator.tests'>
  'emulator.runTests': H<'emulator.runTests'>
  'emulator.deleteTest': H<'emulator.deleteTest'>
  'emulator.testStatus': H<'emulator.testStatus'>
  'emulator.generateTests': H<'emulator.generateTests'>
  'emulator.cancelGenerate': H<'emulator.cancelGenerate'>
  'emulator.cancelRecording': H<'emulator.cancelRecording'>
} = {
  'emulator.saveTest': async (req, ctx) => {
    const flow = flowOf(ctx, req.flowId)
    const runId = latestRunId(ctx, req.flowId, req.contactId)
    if (!runId) throw new ApiFailure('not_found', 'There is no conversation to save: start a test first.')
    return ctx.service(conversationTests).save(flow, runId, {
      name: req.name,
      presets: req.presets,
      mocks: req.mocks,
      window: req.window,
      replace: req.replace,
    })
  },
  'emulator.tests': (req, ctx) => {
    flowOf(ctx, req.flowId)
    return ctx.service(conversationTests).list(req.flowId)
  },
  'emulator.runTests': async (req, ctx) => {
    const out = req.record
      ? await recordModelAnswers(ctx, req.flowId, req.ids)
      : await ctx.service(conversationTests).run(flowOf(ctx, req.flowId), req.ids)
    ctx.emit('emulator.updated', { flowId: req.flowId, contactId: '', runId: null })
    return out
  },
  'emulator.deleteTest': (req, ctx) => {
    ctx.service(conversationTests).delete(req.id)
    return { id: req.id }
  },
  'emulator.generateTests': (req, ctx) => generateTests(ctx, req.flowId, req.seconds),
  'emulator.cancelGenerate': (req, ctx) => ({ cancelled: cancelGenerate(ctx, req.flowId) }),
  'emulator.cancelRecording': (req, ctx) => ({ cancelled: cancelRecording(ctx, req.flowId) }),
  'emulator.testStatus': (_req, ctx) => {
    const rows = ctx.db
      .prepare(
        'SELECT flow_id AS flowId, COUNT(*) AS total, SUM(CASE WHEN last_passed = 0 THEN 1 ELSE 0 END) AS failed FROM conversation_tests GROUP BY flow_id',
      )
      .all() as Array<{ flowId: string; total: number; failed: number }>
    return Object.fromEntries(rows.map((r) => [r.flowId, { total: r.total, failed: r.failed }]))
  },
}
