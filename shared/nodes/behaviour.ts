// What a node type declares about its behaviour to every analysis, beside its definition and runner: what a
// customer can send while a run waits at it, what each of its ports decides, which effects it performs and how a
// test stands in for them, which library items it names. The generator, the fuzzer, path analysis, the test policy,
// the webhook's simulated click, the export bundle, the CLI and the emulator read these (through ./behaviour-of.ts)
// and never a node type's name, so a new node type that waits or branches is known everywhere from its own folder.
//
// Time is not a node's answer: a node that waits for time (a Wait, a "no reply within" port) is answered by the
// engine letting time pass to the instant the run is due, a move every waiting run allows, so it is not declared
// here as a sample.
import type { Vars } from '../expr'
import type { Group, DeadPort, Route } from '../rules/guards'
import type { Pool } from '../rules/search'
import type { RuleGroup } from '../rules/synthesis'
import type { ConditionRule } from '../expr'
import type { AnswerContext } from './question/answers/context'

/**
 * How the flow reads what a customer types (its locale, time zone, country, and the moment): the same for every
 * waiting node of a flow.
 */
export type InputContext = AnswerContext

/** One thing a customer sends while the run waits, as a conversation test writes it (`user:`). */
export type CustomerInput =
  | string
  | { button: string }
  | { row: string }
  | { form: Record<string, unknown> }
  | { template_button: { payload: string; text?: string } }
  | {
      order: {
        catalog_id: string
        text?: string
        product_items: Array<{ product_retailer_id: string; quantity: number; item_price: number; currency: string }>
      }
    }

/** A sample of what the customer can send, with a person's words for it and, when known, the port it leads to. */
export interface CustomerSample {
  input: CustomerInput
  /** How a test's name says it: '"Haircut"', '"17"', 'submitted rating="5"'. */
  label: string
  /** The port the node takes for it, when the node alone decides (a button's own port). */
  port?: string
}

/** The values an answer can take where a rule after the node reads them: what the generator's search aims with. */
export interface AnswerSource {
  /** Whether the answer decides this variable path (its Save to, the node's own output). */
  owns(path: string): boolean
  /** Pools of values for the owned paths a branch reads (rules/search.ts). */
  pools(paths: string[], groups: RuleGroup[]): Pool[]
  /** What the customer sends for the values picked (by pool path). */
  input(picks: Record<string, unknown>): CustomerInput
  /** The input that saves this value, or null when none does (a value a Script after it compares with). */
  inputFor?(value: unknown): CustomerInput | null
  /** Whether the answer sets this top-level variable (a Script reading it is fed by the answer). */
  feeds?(root: string): boolean
  label(input: CustomerInput): string
}

/** A source of chance the fuzzer lends a node (seeded: a seed plays the same conversation every time). */
export interface Chance {
  chance(p: number): boolean
  pick<T>(list: readonly T[]): T
  int(min: number, max: number): number
  /** Some text, now and then one of `extra`. */
  text(extra?: readonly string[]): string
  json(depth?: number): unknown
}

/**
 * What the customer last did, fixed by one port of a waiting node, for path analysis: the variables the port's
 * arrival sets exactly, and the paths it decides (reading anything else leaves a branch after it undecided).
 */
export interface PortArrival {
  label: string
  vars: Vars
  decides: ReadonlySet<string>
}

/** What a customer can send while a run waits at the node. A waiting node without it gives no sample answers. */
export interface NodeAnswers<C> {
  /**
   * Loads what the other functions need (a Question's parsers), once, before any of them is asked: they are kept
   * out of the engine's and the canvas's start. Readers call `prepareSamples` (./behaviour-of.ts) first.
   */
  prepare?(config: C): Promise<void>
  /**
   * Ordinary things to send, the most ordinary first; `waiting` is what the runner kept when it paused (the options
   * it rendered). The generator tries each where none is aimed; the emulator offers them as suggestions.
   */
  samples(config: C, ctx: InputContext, waiting: unknown): CustomerSample[]
  /**
   * True when every sample is a choice of the node's own (a button, a row): the generator tries every one, and a
   * tap at this node is never stale. Otherwise the samples stand for free input, and the generator tries the first.
   */
  choices?: boolean
  /** Inputs the node refuses outright, and after how many of them the run takes which port (a Question's failure). */
  refused?: {
    port: string
    attempts(config: C): number
    /**
     * How many more refused inputs take the port from this wait, when the run's count of answers at the node does
     * not say it (a node that asks several things in turn: an Extract); absent: attempts minus the answers so far.
     */
    left?(config: C, waiting: unknown): number
    samples(config: C, ctx: InputContext): CustomerSample[]
  }
  /** Where an answer lands, for the generator's aimed values; absent: only the samples are tried. */
  source?(config: C, nodeName: string, ctx: InputContext): AnswerSource
  /** A random move for the fuzzer; absent: random text. `extra` holds texts likely to matter (keywords, titles). */
  random?(config: C, ctx: InputContext, waiting: unknown, rnd: Chance, extra: readonly string[]): CustomerInput
  /**
   * For path analysis: what arriving through `port` fixes, one entry per way (every choice of a choice question),
   * or null when it cannot be listed (free text). `shared(variable)` says whether other nodes set it too.
   */
  arrivals?(config: C, nodeName: string, port: string, shared: (variable: string) => boolean): PortArrival[] | null
  /**
   * Whether an answer after which the node still waits was taken, not refused, judged from what the runner kept
   * before and after it (an Extract that moves on to ask for its next slot). Absent: still waiting means refused.
   * The generator's test names read it ("extract_1 \"104823\"", not "extract_1 refused 1×").
   */
  moved?(before: unknown, after: unknown): boolean
  /** Top-level variables an answer saves besides the node's own output (a Question's Save to). */
  saves?(config: C): string[]
  /** Whether an answer is read against the clock ("tomorrow" at a date question): a recorded test keeps its time. */
  readsClock?(config: C): boolean
  /** Reply buttons the node shows, by id: a webhook's simulated click (`button_id`) can answer only these. */
  buttons?(config: C): Array<{ id: string; title: string }>
  /** The channel form (flow_id) the node sends and waits on: the emulator shows that form from the node's config. */
  formId?(config: C): string
  /** For `chatflow run` in a terminal: how to type an answer here, when plain text is not it (a form's JSON). */
  typingHint?(config: C): string
}

/**
 * A node that picks its port by rules, in order: the first route whose group holds, else `otherwise`. Path
 * analysis proves ports dead from these; the generator searches values to take each port and its rules alone.
 */
export interface NodeBranches<C> {
  /** The rule groups in the order the runner checks them, each with the port it leads to. */
  routes(config: C): Route[]
  /** Ports no values can take, proven from the rules alone (with a person's reason). */
  deadPorts(routes: readonly Route[]): DeadPort[]
  /** The config with the rules of route `index` replaced (the generator's boundary goals slip one operator). */
  withRules(config: C, index: number, rules: ConditionRule[]): C
  /** The variables a decision leaves, relative to the node's name ({ result: true } for Condition's True). */
  decision(port: string): Vars
  /** The config field that holds a port's rules ('/routes/2'), for a warning's pointer. */
  field?(config: C, port: string): string | undefined
}

/** How a test stands in for what a node does outside: an HTTP answer (`response`) or the node's outputs. */
export type MockKind = 'response' | 'outputs'

export interface NodeEffects<C> {
  /** A saved test holds this node's HTTP requests to its mocks (or `live`); other nodes' requests are refused. */
  ownsHttp?: boolean
  /** How generated and fuzzed tests mock it; absent: mocked only when a missing library item fails it. */
  mock?: MockKind
  /** Runs code in the sandbox: the generator's script goals (slipped comparisons) apply. */
  runsCode?: boolean
  /** Output names a mocked run may return (a Script's outputs). */
  outputs?(config: C): string[]
}

/** The library items (message templates, catalogue products) a node names, for export bundles and saved tests. */
export interface LibraryRefs {
  templates?: Array<{ name: string; language: string }>
  products?: Array<{ catalogId: string; productId: string }>
}

/**
 * A node that runs another flow of the studio and comes back (a Call Flow). Analysis reads the call graph from this
 * (shared/analysis/calls.ts): recursion, unknown callees, inputs not mapped, outputs not returned.
 */
export interface NodeCalls<C> {
  /** The flow it calls (its id) and the template given to each of the callee's inputs, by input name. */
  target(config: C): { flowId: string; inputs: Record<string, string> }
  /** The config field that names the flow, and the one of an input's mapping, for a problem's pointer. */
  flowField: string
  inputField(input: string): string
  /** The port taken when the callee returns its outputs, and the one taken when it fails. */
  done: string
  failed: string
}

export interface NodeBehaviour<C> {
  /** The flow starts here (a Trigger): nothing leads into it, and runs start from its config. */
  starts?: boolean
  /** It calls another flow (a Call Flow). */
  calls?: NodeCalls<C>
  /**
   * It ends the run and hands these outputs back to a caller (an End of a callable flow): output name → template.
   * A node that declares it ends the flow it is in.
   */
  returns?(config: C): Record<string, string>
  answers?: NodeAnswers<C>
  /**
   * It reads the message that started the run (an Intent node classifying its trigger's text): texts that message
   * can hold, each with the port it leads the node to. The generator starts runs with each (keyword triggers get
   * their keyword added where the text lacks it), so a node that decides on the start's text gets all its ports taken.
   */
  startTexts?(config: C, ctx: InputContext): CustomerSample[]
  /**
   * Ports this config never takes, with a person's reason (an Intent node's `failed` while it classifies offline):
   * path analysis counts them dead, so the generator does not look for them and coverage explains them.
   */
  idlePorts?(config: C): Array<{ port: string; reason: string }>
  branches?: NodeBranches<C>
  effects?: NodeEffects<C>
  library?(config: C): LibraryRefs
  /**
   * It puts the conversation with a person (a Hand over): the run waits there and takes no customer message until
   * the person hands it back (a conversation test's `person: { hands_back: … }`, the studio's Hand back) or its
   * time passes; either way it leaves by `port`. The generator and coverage take that port through a hand-back,
   * with values for the variables the person sets (`handsBack`: their names) aimed at the branches after it.
   */
  person?: { port: string; handsBack?(config: C): string[] }
  /** Where a value this node sets comes from, in words before its name: 'answer to' (ask_age), 'form' (survey). */
  valueFrom?: string
}

export type { Group, Route, DeadPort }
