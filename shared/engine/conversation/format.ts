// The conversation-test file format (docs/testing.md): YAML a person can read and write, and the emulator can
// record. parseConversationTest checks a file against the schema; serialiseConversationTest writes one back in a
// fixed key order so recorded tests diff cleanly.
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import { checkJsonBounds } from '../../json/bounds'
import { YAML_TEXT_MAX_DEPTH, yamlFlowDepthExceeded } from '../../json/yaml-depth'
import { z } from 'zod'
import { parseDuration } from '../../text/duration'
import { RecordingSchema } from './recordings'

const Vars = z.record(z.string(), z.unknown())

/** What the customer does in one turn: plain text, a tap on a button, a row chosen, a template quick reply. */
export const UserInputSchema = z.union([
  z.string(),
  z.strictObject({ button: z.string().describe('Title (or id) of a button in the last buttons message') }),
  z.strictObject({ row: z.string().describe('Title (or id) of a row in the last list message') }),
  z.strictObject({ template_button: z.strictObject({ payload: z.string(), text: z.string().optional() }) }),
  z.strictObject({ form: Vars.describe('A Chat Flow form submitted: field name → value (the parsed response_json)') }),
  z.strictObject({
    order: z
      .strictObject({
        catalog_id: z.string(),
        text: z.string().optional(),
        product_items: z.array(
          z.strictObject({
            product_retailer_id: z.string(),
            quantity: z.number(),
            item_price: z.number(),
            currency: z.string(),
          }),
        ),
      })
      .describe('An order sent from a product message'),
  }),
])

/**
 * One bot message as expected, as `chatflow run` prints it (conversation/view.ts). Fields left out are not checked;
 * buttons, rows and products are compared in order.
 */
export const BotMessageSchema = z.strictObject({
  text: z
    .string()
    .optional()
    .describe('The body: of a text, an interactive message, a filled template, a product message'),
  header: z.string().optional(),
  footer: z.string().optional(),
  buttons: z
    .array(z.string())
    .optional()
    .describe("Reply buttons by title; a template's buttons and a CTA URL's by label"),
  list: z.string().optional().describe("The list's button label"),
  rows: z.array(z.string()).optional(),
  template: z.string().optional().describe('The name of the template sent'),
  media: z.enum(['image', 'video', 'audio', 'document', 'sticker']).optional(),
  link: z.string().optional().describe("A media message's link, or a CTA URL's"),
  caption: z.string().optional(),
  filename: z.string().optional(),
  product: z.string().optional().describe('A single product message: the product id'),
  products: z.array(z.string()).optional().describe('A multi-product message: the product ids, across sections'),
  form: z.string().optional().describe("A Chat Flow form message: its button's label"),
})

/** Variables that must not exist (an empty string is set): names or dotted paths. */
const Unset = z.array(z.string().min(1))

/** Why a message changed nothing (shared/engine/core Ignored): `true` accepts any reason. */
export const IgnoredSchema = z.union([
  z.literal(true),
  z.enum([
    'inactive_flow',
    'no_trigger',
    'nothing_due',
    'waiting_on_time',
    'with_person',
    'already_with_person',
    'not_with_person',
  ]),
])

/**
 * What the person who takes over does in one turn (docs/testing.md, "A person takes over"): writes to the customer
 * (a string), takes the conversation without a Hand over node, or hands it back with the variables they set (the
 * Hand over node's run goes on by `returned`).
 */
export const PersonSchema = z.union([
  z.string().min(1).describe("The person's message to the customer"),
  z.strictObject({ takes_over: z.strictObject({ note: z.string().optional() }) }),
  z.strictObject({ hands_back: Vars.describe('Variables the person sets; {} for none') }),
])

/**
 * Time passing instead of the customer acting: `2h` (a duration), `due` (to the instant the run waits for), or
 * `{until: 2026-12-01T10:00}` (an instant; without an offset it is read in the flow's time zone). The test's clock
 * moves there and the conversation core gets a wake (docs/testing.md, "Time").
 */
export const WaitSchema = z.union([
  z.string().refine((s) => s.trim() === 'due' || parseDuration(s) !== null, {
    message: 'expected a duration (30m, 2h, 1d 4h), or due',
  }),
  z.strictObject({ until: z.string().min(1) }),
])

export const TurnSchema = z.strictObject({
  user: UserInputSchema.optional(),
  wait: WaitSchema.optional(),
  person: PersonSchema.optional(),
  /** Every message the bot sends in answer, in order; [] means the bot stays silent. Absent: not checked. */
  bot: z.array(BotMessageSchema).optional(),
  /** Session variables that must hold after this turn (a subset). */
  variables: Vars.optional(),
  unset: Unset.optional(),
  state: z.enum(['paused', 'ended', 'failed']).optional(),
  /** The event must start no run and resume none (an inactive flow, a payload without the trigger's prefix). */
  ignored: IgnoredSchema.optional(),
})

/** The id of the triggering message, {{chat_message_id}}; made up when left out. */
const MessageId = { chat_message_id: z.string().min(1).optional() }

export const TriggerSpecSchema = z.union([
  z.strictObject({ message: z.string(), referral: Vars.optional(), ...MessageId }),
  z.strictObject({ button: z.strictObject({ id: z.string(), title: z.string().optional() }), ...MessageId }),
  z.strictObject({
    template_button: z.strictObject({ payload: z.string(), text: z.string().optional() }),
    ...MessageId,
  }),
  z.strictObject({
    webhook: z.strictObject({
      data: Vars.default({}),
      message_text: z.string().optional(),
      button_id: z.string().optional(),
    }),
    ...MessageId,
  }),
  z.strictObject({ manual: z.strictObject({ operator: z.string().optional(), data: Vars.optional() }) }),
])

export const MockSchema = z.strictObject({
  output: z.unknown().optional(),
  /** Call Flow: the callee's outputs ({{<node>.<output>}}); the call leaves by done and the callee does not run. */
  outputs: z.record(z.string(), z.unknown()).optional(),
  port: z.string().optional(),
  error: z.string().optional(),
  /** HTTP Call: a written response the node handles as if the server sent it (see NodeMock.response). */
  response: z
    .strictObject({
      status: z.number().int().optional(),
      headers: z.record(z.string(), z.string()).optional(),
      body: z.unknown().optional(),
    })
    .optional(),
})

export const ConversationTestSchema = z.strictObject({
  name: z.string().min(1),
  /** Path of the flow file, relative to the test file. Default: the <name>.flow.json beside the <name>.tests folder. */
  flow: z.string().optional(),
  /**
   * When the conversation happens (ISO 8601 with Z or an offset): the run's clock for every turn, so an answer like
   * "tomorrow" gives the same day whenever the test runs. Left out, the test runs on the real clock.
   */
  now: z.iso.datetime({ offset: true }).optional(),
  /**
   * Play with the channel's rules (docs/emulator.md, Enforce 24 h window): `enforce` refuses free-form messages when
   * the customer has not written in the last 24 hours, and everything to a contact who opted out. Left out: off.
   */
  window: z.enum(['enforce', 'off']).optional(),
  contact: z
    .strictObject({
      name: z.string().default('Test Customer'),
      phone: z.string().default('+10000000000'),
      fields: Vars.optional(),
      /** When the customer last wrote before the test (ISO 8601); left out: never. Read only with `window: enforce`. */
      lastInboundAt: z.iso.datetime({ offset: true }).optional(),
      /** false: the contact opted out. Read only with `window: enforce`. */
      optedIn: z.boolean().optional(),
      /**
       * The language the host has stored for the contact (BCP 47, e.g. es): a flow in several languages starts the
       * run in it (docs/languages.md, "Tests per language"). Left out: none stored, so detection or the default.
       */
      language: z.string().trim().min(1).max(35).optional(),
    })
    .default({
      name: 'Test Customer',
      phone: '+10000000000',
    }),
  trigger: TriggerSpecSchema,
  /**
   * Start at this node (by name) instead of the trigger node: the trigger gives the run its system variables,
   * but nothing before this node runs, so what it would have produced exists only if `variables` presets it.
   */
  start: z.string().min(1).optional(),
  variables: Vars.optional(),
  mocks: z.record(z.string(), MockSchema).optional(),
  /**
   * HTTP Call nodes this test may call for real (`true`: every one). Without it a test never reaches the network:
   * an HTTP Call without a mock fails the test (conversation/policy.ts).
   */
  live: z.union([z.boolean(), z.array(z.string().min(1))]).optional(),
  /**
   * Message templates the flow sends (the library's records, as docs/integrations.md writes them). A test that
   * carries them plays the same wherever it runs: the studio and `chatflow test` look templates up here first.
   */
  templates: z.array(z.looseObject({ name: z.string(), language: z.string() })).optional(),
  turns: z.array(TurnSchema).min(1),
  /**
   * Model answers (recordings.ts): what the provider answered to each question a node put to it, keyed by provider,
   * model and question; written by `chatflow test --record` and the Tests tab's "Record model answers".
   */
  recordings: z.array(RecordingSchema).optional(),
  end: z
    .strictObject({
      state: z.enum(['paused', 'ended', 'failed']),
      error: z.string().optional(),
      variables: Vars.optional(),
      unset: Unset.optional(),
      /**
       * A callable flow tested on its own: the outputs its End returns (output → value; only those written are
       * checked). The run must have ended at an End of its own flow.
       */
      returns: Vars.optional(),
    })
    .optional(),
})

export type UserInput = z.infer<typeof UserInputSchema>
export type BotMessage = z.infer<typeof BotMessageSchema>
export type Turn = z.infer<typeof TurnSchema>
export type WaitSpec = z.infer<typeof WaitSchema>
export type PersonAct = z.infer<typeof PersonSchema>
export type TriggerSpec = z.infer<typeof TriggerSpecSchema>
export type ConversationTest = z.infer<typeof ConversationTestSchema>

export type ParseResult = { ok: true; test: ConversationTest } | { ok: false; message: string }

export function parseConversationTest(text: string): ParseResult {
  // The YAML parser recurses on flow collections: a test nested without end is refused from its text (issue 18).
  const tooDeep = yamlFlowDepthExceeded(text)
  if (tooDeep)
    return {
      ok: false,
      message: `nested more than ${YAML_TEXT_MAX_DEPTH} levels deep at line ${tooDeep.line}, column ${tooDeep.column}`,
    }
  let value: unknown
  try {
    value = parseYaml(text)
  } catch (err) {
    return { ok: false, message: `not valid YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` }
  }
  // Its variables and mocks become session variables: the same guard as any JSON that enters.
  const bounds = checkJsonBounds(value)
  if (bounds) return { ok: false, message: bounds.message }
  const parsed = ConversationTestSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const at = issue.path.length ? issue.path.join('.') : '(top level)'
    // zod says "expected array, received undefined" for a missing field; a person writing YAML reads "is required".
    const what = /received undefined$/.test(issue.message) ? 'is required' : issue.message
    return { ok: false, message: `${at}: ${what}` }
  }
  return { ok: true, test: parsed.data }
}

const KEY_ORDER = [
  'name',
  'flow',
  'now',
  'window',
  'contact',
  'trigger',
  'start',
  'variables',
  'mocks',
  'live',
  'templates',
  'turns',
  'end',
  'user',
  'wait',
  'person',
  'takes_over',
  'hands_back',
  'note',
  'until',
  'bot',
  'template',
  'media',
  'text',
  'header',
  'footer',
  'buttons',
  'list',
  'rows',
  'product',
  'products',
  'form',
  'link',
  'caption',
  'filename',
  'unset',
  'state',
  'ignored',
  'error',
  'returns',
  'recordings',
  'key',
  'node',
  'provider',
  'model',
  'answer',
]

export function serialiseConversationTest(test: ConversationTest): string {
  return stringifyYaml(test, {
    lineWidth: 0,
    sortMapEntries: (a, b) => rank(String(a.key)) - rank(String(b.key)) || String(a.key).localeCompare(String(b.key)),
  })
}

function rank(key: string): number {
  const i = KEY_ORDER.indexOf(key)
  return i === -1 ? KEY_ORDER.length : i
}
