import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'
import { MocksSchema } from './emulator'

// Conversation tests kept per flow: saved from the emulator's conversation, run from the studio, and in the same
// YAML as `chatflow test` so a file exported from here runs on the command line unchanged.

export interface TestResult {
  at: number
  passed: boolean
  /** Where and what differed: 'turn 2 (user: "Beta")' with expected (-) and actual (+) lines. */
  failures: Array<{ where: string; lines: string[] }>
  /** HTTP Calls the test made for real because it opted in (`live`), as "node METHOD url": the report says so. */
  live: string[]
}

export interface ConversationTestRecord {
  id: string
  flowId: string
  name: string
  /** The test file's text (docs/testing.md). */
  yaml: string
  createdAt: number
  updatedAt: number
  lastRun: TestResult | null
}

export const emulatorTestCommands = {
  /** Turns the contact's current conversation with the flow into a conversation test. */
  'emulator.saveTest': {
    req: z.object({
      flowId: FlowIdSchema,
      contactId: z.string().min(1),
      name: z.string().trim().min(1).max(120),
      /** Variables set before the trigger ran, as the test started them. */
      presets: z.record(z.string(), z.json()).default({}),
      mocks: MocksSchema,
      /** Replace a test of the same name instead of refusing. */
      replace: z.boolean().default(false),
    }),
    res: returns<ConversationTestRecord>(),
  },
  'emulator.tests': { req: z.object({ flowId: FlowIdSchema }), res: returns<ConversationTestRecord[]>() },
  /** Runs the flow's tests (or those named by id) against the flow as saved now. */
  'emulator.runTests': {
    req: z.object({ flowId: FlowIdSchema, ids: z.array(z.string()).optional() }),
    res: returns<ConversationTestRecord[]>(),
  },
  'emulator.deleteTest': { req: z.object({ id: z.string().min(1) }), res: returns<{ id: string }>() },
  /** Per flow: how many tests it has and how many failed on their last run (the flows list). */
  'emulator.testStatus': { req: z.object({}), res: returns<Record<string, { total: number; failed: number }>>() },
}
