import { z } from 'zod'
import type { Unreached } from '../../generate/suite'
import { identifier } from '../../text/identifier'
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
  /** "Record model answers": what became of the answers (recorded into the test, unchanged, or not written and why). */
  recorded?: string
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

/** A branch the generator did not take, and why (a proof from the rules or the graph, or what exploration found). */
export type UnreachedBranch = Unreached

/** What "Generate tests" made: the tests it saved (already run once), the coverage they give, and what is left. */
export interface GeneratedSuite {
  tests: ConversationTestRecord[]
  covered: number
  total: number
  unreached: UnreachedBranch[]
  elapsedMs: number
  gaveUp: boolean
  /** What the time allowed did not finish (proving branches dead, exploring, writing), one sentence each. */
  unfinished: string[]
  /** Tests not saved because they did not pass when played again, with why. */
  dropped: Array<{ name: string; why: string }>
  /** Branches taken per flow: this flow, then each flow its calls reach (their own branches, through the calls). */
  flows?: Array<{ flowId: string; flowName: string; covered: number; total: number }>
}

/**
 * The contact as a run found it when the emulator enforced the 24-hour window: a test saved from that run plays
 * with `window: enforce` and this contact, at the time the run started, so a refused send is refused again.
 */
export const SavedWindowSchema = z.strictObject({
  /** The customer's last message before the run (ms), or null: never wrote. */
  lastInboundAt: z.number().int().nullable(),
  optedIn: z.boolean(),
})
export type SavedWindow = z.infer<typeof SavedWindowSchema>

/** Names of generated tests start with this; generating again replaces exactly those. */
export const GENERATED_TEST_PREFIX = 'Generated: '

export const emulatorTestCommands = {
  /** Turns the contact's current conversation with the flow into a conversation test. */
  'emulator.saveTest': {
    req: z.object({
      flowId: FlowIdSchema,
      contactId: z.string().min(1),
      name: identifier(z.string().trim().min(1).max(120), 'A test name'),
      /** Variables set before the trigger ran, as the test started them. */
      presets: z.record(z.string(), z.json()).default({}),
      mocks: MocksSchema,
      /** Present when the run was played with the window enforced. */
      window: SavedWindowSchema.optional(),
      /** Replace a test of the same name instead of refusing. */
      replace: z.boolean().default(false),
    }),
    res: returns<ConversationTestRecord>(),
  },
  'emulator.tests': { req: z.object({ flowId: FlowIdSchema }), res: returns<ConversationTestRecord[]>() },
  /** Runs the flow's tests (or those named by id) against the flow as saved now. */
  'emulator.runTests': {
    req: z.object({
      flowId: FlowIdSchema,
      ids: z.array(z.string()).optional(),
      /**
       * "Record model answers": ask the provider set in Settings → Model provider instead of the tests' recordings,
       * and write its answers into each test's `recordings` (docs/testing.md, "Model answers").
       */
      record: z.boolean().default(false),
    }),
    res: returns<ConversationTestRecord[]>(),
  },
  'emulator.deleteTest': { req: z.object({ id: z.string().min(1) }), res: returns<{ id: string }>() },
  /**
   * Explores the flow as saved now and saves conversation tests that take every reachable branch (docs/testing.md,
   * "Generating tests"), replacing the tests it generated before; progress comes as `emulator.generateProgress`.
   * One at a time per flow (`conflict` otherwise); `emulator.cancelGenerate` stops it, answered `cancelled` with
   * nothing saved.
   */
  'emulator.generateTests': {
    req: z.object({ flowId: FlowIdSchema, seconds: z.number().min(1).max(120).default(10) }),
    res: returns<GeneratedSuite>(),
  },
  /** Stops the flow's `emulator.generateTests` at work, if any: every phase of the generator stops at its next check. */
  'emulator.cancelGenerate': {
    req: z.object({ flowId: FlowIdSchema }),
    res: returns<{ cancelled: boolean }>(),
  },
  /** Stops the flow's "Record model answers" at work, if any: the tests already recorded keep their answers. */
  'emulator.cancelRecording': {
    req: z.object({ flowId: FlowIdSchema }),
    res: returns<{ cancelled: boolean }>(),
  },
  /** Per flow: how many tests it has and how many failed on their last run (the flows list). */
  'emulator.testStatus': { req: z.object({}), res: returns<Record<string, { total: number; failed: number }>>() },
}
