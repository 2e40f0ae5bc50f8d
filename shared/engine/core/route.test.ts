// Every rule of the conversation core's decision, as a table: the contact's paused run (none, live, expired, flow
// gone), the event, and what must happen.
import { describe, expect, it } from 'vitest'
import { nodeCatalog } from '../../nodes/runners'
import { ASHA, buildFlow, testDeps } from '../testing/fixtures'
import { WINDOW_MS } from '../limits'
import { resumeRun, startRun } from '../machine'
import type { Handover, InboundEvent, RunState } from '../types'
import { route } from './route'
import { flowsFrom } from '../flow-source'
import { caller } from '../testing/calls'
import type { ConversationEvent, CurrentRun } from './types'

const menu = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['menu'] } },
    { type: 'interactive_message', name: 'pick', config: { body: 'Pick', buttons: [{ id: 'a', title: 'Alpha' }] } },
    { type: 'question', name: 'ask', config: { prompt: 'Say something', saveTo: 'said' } },
  ],
  [
    ['trigger_1', 'out', 'pick'],
    ['pick', 'a', 'ask'],
  ],
  { id: 'f_menu', name: 'Menu' },
)
const help = buildFlow([{ type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } }], [], {
  id: 'f_help',
  name: 'Help',
})
const promo = buildFlow(
  [{ type: 'trigger', name: 'trigger_1', config: { kind: 'button_click', payloadPrefix: 'promo_' } }],
  [],
  {
    id: 'f_promo',
    name: 'Promo',
    active: false,
  },
)
const quiet = buildFlow(
  [{ type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['quiet'] } }],
  [],
  { id: 'f_quiet', name: 'Quiet', active: false },
)
const flows = [menu, help, promo, quiet]
/** The menu as a callable flow, called by f_shop's Call Flow node: runs paused inside it are one call deep. */
const pick = { ...menu, id: 'f_pick', name: 'Pick', interface: { inputs: [], outputs: [] } }
const shop = caller('f_pick', {})
const text = (t: string): InboundEvent => ({ type: 'text', text: t })
const tap = (id: string): InboundEvent => ({ type: 'button_reply', reply: { id, title: id } })
const msg = (m: InboundEvent): ConversationEvent => ({ kind: 'message', message: m })
const hookOf = (flow: typeof menu, button_id: string): ConversationEvent => ({
  kind: 'start',
  flow,
  trigger: { kind: 'webhook', phone_number: ASHA.phone, data: {}, button_id },
})

let atButtons: RunState
let atQuestion: RunState
let inCallAtButtons: RunState
let inCallAtQuestion: RunState
const setUp = (async () => {
  const { deps } = testDeps()
  atButtons = (await startRun(menu, { contact: ASHA, trigger: { kind: 'manual' } }, deps)).state
  atQuestion = (await resumeRun(menu, atButtons, text('Alpha'), ASHA, deps)).state
  deps.flows = flowsFrom([pick])
  inCallAtButtons = (await startRun(shop, { contact: ASHA, trigger: { kind: 'manual' } }, deps)).state
  inCallAtQuestion = (await resumeRun(shop, inCallAtButtons, text('Alpha'), ASHA, deps)).state
})()

const HOUR = 3_600_000
/** The question again, now also waiting on time: "no reply within" an hour (the customer or time, first). */
const timed = (s: RunState, until: number, customer?: false): RunState => ({
  ...s,
  waiting: { ...s.waiting!, until, timeoutPort: 'timeout', ...(customer === false ? { customer } : {}) },
})

type Paused =
  | 'none'
  | 'buttons'
  | 'question'
  | 'expired'
  | 'flow gone'
  /** The question, due one hour after the base moment; the case's clock says whether that has come. */
  | 'question until'
  /** The question with "no reply within" 48 hours: past the 24-hour window before it is due. */
  | 'question until 48 h'
  /** A wait on time alone (a Wait node), due one hour after the base moment. */
  | 'time only'
  | 'time only, flow gone'
  /** Paused inside a call (f_shop → f_pick), at its buttons, at its question, at its question due in an hour. */
  | 'call: buttons'
  | 'call: question until'
  | 'call: expired'
  /** Held by the debugger (RunState.debug) before the menu's question: no node waits for the customer. */
  | 'debugger'
function current(p: Paused): CurrentRun | null {
  const until = atQuestion.updatedAt + HOUR
  switch (p) {
    case 'call: buttons':
    case 'call: expired':
      return { state: inCallAtButtons, flow: shop, frames: [pick] }
    case 'call: question until':
      return { state: timed(inCallAtQuestion, until), flow: shop, frames: [pick] }
    case 'none':
      return null
    case 'debugger':
      return {
        state: { ...atQuestion, waiting: null, debug: { reason: 'step', nodeId: 'n_ask', flowId: menu.id, depth: 0 } },
        flow: menu,
      }
    case 'question':
      return { state: atQuestion, flow: menu }
    case 'question until':
      return { state: timed(atQuestion, until), flow: menu }
    case 'question until 48 h':
      return { state: timed(atQuestion, atQuestion.updatedAt + 48 * HOUR), flow: menu }
    case 'time only':
      return { state: timed(atQuestion, until, false), flow: menu }
    case 'time only, flow gone':
      return { state: timed(atQuestion, until, false), flow: null }
    default:
      return { state: atButtons, flow: p === 'flow gone' ? null : menu }
  }
}
/** The contact's takeover: by the API (no run), or by a node of the paused run (route reads only the run's id). */
function person(by: 'api' | 'node', paused: CurrentRun | null): Handover {
  const node = by === 'node' && paused
  return {
    id: 'hnd_1',
    since: atButtons.updatedAt,
    by,
    runId: node ? paused.state.id : null,
    flowId: node ? paused.state.flowId : null,
    nodeId: node ? paused.state.waiting!.nodeId : null,
    until: node ? (paused.state.waiting!.until ?? null) : null,
    note: null,
  }
}
/** The case's clock: `after` ms past the question's pause (or the default moment of each state). */
const at = (p: Paused, after?: number) =>
  after !== undefined
    ? atQuestion.updatedAt + after
    : p === 'expired' || p === 'call: expired'
      ? atButtons.updatedAt + WINDOW_MS
      : atButtons.updatedAt + 1000

const cases: Array<{
  rule: string
  paused: Paused
  event: () => ConversationEvent
  activation?: 'every' | 'keyword'
  /** The clock, in ms after the question paused (default: a second after, or past the window for 'expired'). */
  after?: number
  /** A person has the conversation: taken over by the API (no run), or by a Hand over node whose run is the paused one. */
  person?: 'api' | 'node'
  plan: string
  close: string[]
}> = [
  {
    rule: 'a tap the waiting node accepts resumes',
    paused: 'buttons',
    event: () => msg(text('alpha')),
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: 'a keyword typed at buttons starts its flow and supersedes',
    paused: 'buttons',
    event: () => msg(text('help')),
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: 'other text goes to the paused run (buttons re-sent)',
    paused: 'buttons',
    event: () => msg(text('what?')),
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: 'a Question takes every typed reply, even a keyword',
    paused: 'question',
    event: () => msg(text('help')),
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: 'an expired run is closed and the message is new',
    paused: 'expired',
    event: () => msg(text('menu')),
    plan: 'start f_menu',
    close: ['expired'],
  },
  {
    rule: 'an expired run is closed; an answer then starts nothing',
    paused: 'expired',
    event: () => msg(text('alpha')),
    plan: 'none no_trigger',
    close: ['expired'],
  },
  {
    rule: 'a run whose flow is gone is closed',
    paused: 'flow gone',
    event: () => msg(text('alpha')),
    plan: 'none no_trigger',
    close: ['superseded'],
  },
  {
    rule: 'nothing matches and nothing waits',
    paused: 'none',
    event: () => msg(text('hello?')),
    plan: 'none no_trigger',
    close: [],
  },
  {
    rule: 'a keyword of an inactive flow says so',
    paused: 'none',
    event: () => msg(text('quiet')),
    plan: 'none inactive_flow',
    close: [],
  },
  {
    rule: 'production: a tap of an inactive flow starts nothing',
    paused: 'none',
    event: () => msg(tap('promo_1')),
    plan: 'none inactive_flow',
    close: [],
  },
  {
    rule: 'under test: a tap starts the inactive flow',
    paused: 'none',
    event: () => msg(tap('promo_1')),
    activation: 'keyword',
    plan: 'start f_promo',
    close: [],
  },
  {
    rule: 'under test: a keyword still needs an active flow',
    paused: 'none',
    event: () => msg(text('quiet')),
    activation: 'keyword',
    plan: 'none inactive_flow',
    close: [],
  },
  {
    rule: 'a payload without the prefix starts nothing',
    paused: 'none',
    event: () => msg(tap('other_1')),
    activation: 'keyword',
    plan: 'none no_trigger',
    close: [],
  },
  {
    rule: 'a webhook start supersedes the paused run',
    paused: 'buttons',
    event: () => ({ kind: 'start', flow: help, trigger: { kind: 'webhook', phone_number: ASHA.phone, data: {} } }),
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: "a webhook's button_id that the paused buttons offer is that tap: it resumes",
    paused: 'buttons',
    event: () => hookOf(menu, 'a'),
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: "a webhook's button_id the paused buttons do not offer starts anew",
    paused: 'buttons',
    event: () => hookOf(menu, 'zzz'),
    plan: 'start f_menu',
    close: ['superseded'],
  },
  {
    rule: "a webhook's button_id never answers a Question (it would take anything)",
    paused: 'question',
    event: () => hookOf(menu, 'a'),
    plan: 'start f_menu',
    close: ['superseded'],
  },
  {
    rule: "a webhook's button_id to another flow supersedes the paused run",
    paused: 'buttons',
    event: () => hookOf(help, 'a'),
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: "a webhook's button_id does not revive an expired run",
    paused: 'expired',
    event: () => hookOf(menu, 'a'),
    plan: 'start f_menu',
    close: ['expired'],
  },
  {
    rule: 'a start closes an expired run as expired, not superseded',
    paused: 'expired',
    event: () => ({ kind: 'start', flow: help, trigger: { kind: 'manual' } }),
    plan: 'start f_help',
    close: ['expired'],
  },
  {
    rule: "a tester's start with a message not among the flow's triggers starts nothing",
    paused: 'buttons',
    event: () => ({ kind: 'start', flow: help, trigger: { message: text('menu') } }),
    plan: 'none no_trigger',
    close: [],
  },
  {
    rule: "a tester's start mid-flow is not gated by activation",
    paused: 'none',
    event: () => ({ kind: 'start', flow: quiet, trigger: { message: text('quiet') }, startNodeId: 'n_trigger_1' }),
    plan: 'start f_quiet',
    close: [],
  },
  {
    rule: 'a sweep closes an expired run',
    paused: 'expired',
    event: () => ({ kind: 'sweep' }),
    plan: 'none nothing_expired',
    close: ['expired'],
  },
  {
    rule: "a tester's end closes a live run for the tester's reason (Restart)",
    paused: 'question',
    event: () => ({ kind: 'end', reason: 'superseded' }),
    plan: 'none nothing_paused',
    close: ['superseded'],
  },
  {
    rule: "a tester's end closes a run for the tester's reason (+24 h), runs nothing",
    paused: 'buttons',
    event: () => ({ kind: 'end', reason: 'expired' }),
    plan: 'none nothing_paused',
    close: ['expired'],
  },
  {
    rule: "a tester's end with no paused run changes nothing",
    paused: 'none',
    event: () => ({ kind: 'end', reason: 'superseded' }),
    plan: 'none nothing_paused',
    close: [],
  },
  {
    rule: 'a sweep leaves a live run',
    paused: 'buttons',
    event: () => ({ kind: 'sweep' }),
    plan: 'none nothing_expired',
    close: [],
  },
  // ---- Waiting on time (docs/engine.md, "Waiting on time") ----
  {
    rule: 'a wake at the due instant resumes the run on time',
    paused: 'question until',
    event: () => ({ kind: 'wake' }),
    after: HOUR,
    plan: 'wake f_menu',
    close: [],
  },
  {
    rule: 'a late wake still resumes it (once: the wake leaves it not due)',
    paused: 'time only',
    event: () => ({ kind: 'wake' }),
    after: 5 * HOUR,
    plan: 'wake f_menu',
    close: [],
  },
  {
    rule: 'an early wake changes nothing',
    paused: 'question until',
    event: () => ({ kind: 'wake' }),
    after: HOUR - 1,
    plan: 'none nothing_due',
    close: [],
  },
  {
    rule: 'a wake for a run that waits on no time changes nothing',
    paused: 'question',
    event: () => ({ kind: 'wake' }),
    plan: 'none nothing_due',
    close: [],
  },
  {
    rule: 'a wake with no paused run (answered, ended) changes nothing',
    paused: 'none',
    event: () => ({ kind: 'wake' }),
    plan: 'none nothing_due',
    close: [],
  },
  {
    rule: 'a wake for a due run whose flow is gone closes it',
    paused: 'time only, flow gone',
    event: () => ({ kind: 'wake' }),
    after: HOUR,
    plan: 'none nothing_due',
    close: ['superseded'],
  },
  {
    rule: 'a reply before the time is an answer',
    paused: 'question until',
    event: () => msg(text('Asha')),
    after: HOUR - 1,
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: 'a reply in the same instant as the timeout comes after it: wake first, then decided again',
    paused: 'question until',
    event: () => msg(text('Asha')),
    after: HOUR,
    plan: 'wake then f_menu',
    close: [],
  },
  {
    rule: 'a keyword after a due wake that was not delivered: the wake first',
    paused: 'question until',
    event: () => msg(text('help')),
    after: 2 * HOUR,
    plan: 'wake then f_menu',
    close: [],
  },
  {
    rule: 'a start after the run is due: the wake first, then the start supersedes what it left',
    paused: 'time only',
    event: () => ({ kind: 'start', flow: help, trigger: { kind: 'manual' } }),
    after: HOUR,
    plan: 'wake then f_menu',
    close: [],
  },
  {
    rule: 'a run that waits on time does not expire: the sweep leaves it past 24 h',
    paused: 'time only',
    event: () => ({ kind: 'sweep' }),
    after: WINDOW_MS + 1,
    plan: 'none nothing_expired',
    close: [],
  },
  {
    rule: 'a reply past 24 h to a run that waits on time (not yet due) is its answer, not an expired run',
    paused: 'question until 48 h',
    event: () => msg(text('Asha')),
    after: WINDOW_MS + HOUR,
    plan: 'resume f_menu',
    close: [],
  },
  {
    rule: 'text that starts no flow does not reach a wait on time alone: it keeps waiting',
    paused: 'time only',
    event: () => msg(text('hello?')),
    after: 1000,
    plan: 'none waiting_on_time',
    close: [],
  },
  {
    rule: 'a keyword at a wait on time alone supersedes it',
    paused: 'time only',
    event: () => msg(text('help')),
    after: 1000,
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: "a tester's end closes a run that waits on time",
    paused: 'time only',
    event: () => ({ kind: 'end', reason: 'superseded' }),
    after: 1000,
    plan: 'none nothing_paused',
    close: ['superseded'],
  },
  {
    rule: "in a call: an answer the callee's waiting node accepts resumes the run where it waits, in the callee",
    paused: 'call: buttons',
    event: () => msg(text('alpha')),
    plan: 'resume f_shop in f_pick',
    close: [],
  },
  {
    rule: "in a call: a keyword typed at the callee's buttons (read in the callee) supersedes the whole run",
    paused: 'call: buttons',
    event: () => msg(text('help')),
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: "in a call: other text goes to the callee's waiting node",
    paused: 'call: buttons',
    event: () => msg(text('what?')),
    plan: 'resume f_shop in f_pick',
    close: [],
  },
  {
    rule: 'in a call: the whole run expires with the 24-hour window',
    paused: 'call: expired',
    event: () => msg(text('menu')),
    plan: 'start f_menu',
    close: ['expired'],
  },
  {
    rule: "in a call: a webhook's button_id, to the run's own flow, is a tap of the callee's button",
    paused: 'call: buttons',
    event: () => hookOf(shop, 'a'),
    plan: 'resume f_shop in f_pick',
    close: [],
  },
  {
    rule: 'in a call: a due wake resumes the run in the callee',
    paused: 'call: question until',
    event: () => ({ kind: 'wake' }),
    after: HOUR,
    plan: 'wake f_shop in f_pick',
    close: [],
  },
  {
    rule: 'a message that starts no flow leaves a run held by the debugger as it is',
    paused: 'debugger',
    event: () => msg(text('hello?')),
    plan: 'none held_by_debugger',
    close: [],
  },
  {
    rule: 'a keyword supersedes a run held by the debugger, as it would a waiting one',
    paused: 'debugger',
    event: () => msg(text('help')),
    plan: 'start f_help',
    close: ['superseded'],
  },
  {
    rule: "a tester's end closes a run held by the debugger",
    paused: 'debugger',
    event: () => ({ kind: 'end', reason: 'cancelled' }),
    plan: 'none nothing_paused',
    close: ['cancelled'],
  }, // Rules 14-17: a person has the conversation (Contact.handover).
  {
    rule: '14. a keyword while a person has the conversation starts nothing and is held for the person',
    paused: 'buttons',
    person: 'api',
    event: () => msg(text('help')),
    plan: 'none with_person',
    close: [],
  },
  {
    rule: '14. an answer while a person has the conversation resumes nothing',
    paused: 'question',
    person: 'api',
    event: () => msg(text('my answer')),
    plan: 'none with_person',
    close: [],
  },
  {
    rule: '14. a takeover puts the contact with a person without touching the paused run',
    paused: 'question',
    event: () => ({ kind: 'takeover', by: 'studio' }),
    plan: 'takeover studio',
    close: [],
  },
  {
    rule: '14. a second takeover is refused',
    paused: 'none',
    person: 'api',
    event: () => ({ kind: 'takeover', by: 'api' }),
    plan: 'none already_with_person',
    close: [],
  },
  {
    rule: '14. a hand-back with no person is refused',
    paused: 'question',
    event: () => ({ kind: 'handback', by: 'api' }),
    plan: 'none not_with_person',
    close: [],
  },
  {
    rule: '14. a hand-back while a Question waits ends the takeover and leaves the Question waiting',
    paused: 'question',
    person: 'api',
    event: () => ({ kind: 'handback', by: 'api', variables: { resolved: true } }),
    plan: 'handback api',
    close: [],
  },
  {
    rule: "14. a hand-back resumes the Hand over node's run",
    paused: 'time only',
    person: 'node',
    event: () => ({ kind: 'handback', by: 'studio' }),
    plan: 'handback studio f_menu',
    close: [],
  },
  {
    rule: "15. the Hand over node's time ends the takeover and resumes its run",
    paused: 'time only',
    person: 'node',
    event: () => ({ kind: 'wake' }),
    after: HOUR,
    plan: 'handback timeout f_menu',
    close: [],
  },
  {
    rule: "15. a message after the Hand over node's time: the takeover ends first, then the message is decided",
    paused: 'time only',
    person: 'node',
    event: () => msg(text('help')),
    after: HOUR,
    plan: 'handback timeout then f_menu',
    close: [],
  },
  {
    rule: "15. another run's wake while a person has the conversation is held",
    paused: 'question until',
    person: 'api',
    event: () => ({ kind: 'wake' }),
    after: HOUR,
    plan: 'none with_person',
    close: [],
  },
  {
    rule: '16. a webhook start of a contact with a person is refused',
    paused: 'buttons',
    person: 'api',
    event: () => hookOf(menu, 'zzz'),
    plan: 'none with_person',
    close: [],
  },
  {
    rule: "16. a tester's start ends the takeover and starts",
    paused: 'buttons',
    person: 'node',
    event: () => ({ kind: 'start', flow: menu, trigger: { message: text('menu') }, tester: true }),
    plan: 'start f_menu (takeover ends: studio)',
    close: ['superseded'],
  },
  {
    rule: "16. a tester's end of the Hand over node's run ends its takeover",
    paused: 'time only',
    person: 'node',
    event: () => ({ kind: 'end', reason: 'superseded' }),
    plan: 'none nothing_paused (takeover ends: studio)',
    close: ['superseded'],
  },
  {
    rule: "16. a tester's end of another run leaves the takeover as it is",
    paused: 'question',
    person: 'api',
    event: () => ({ kind: 'end', reason: 'superseded' }),
    plan: 'none nothing_paused',
    close: ['superseded'],
  },
  {
    rule: "17. the sweep leaves the Hand over node's run past the window while the takeover lasts",
    paused: 'expired',
    person: 'node',
    event: () => ({ kind: 'sweep' }),
    plan: 'none nothing_expired',
    close: [],
  },
  {
    rule: '17. the sweep still expires any other paused run while a person has the conversation',
    paused: 'expired',
    person: 'api',
    event: () => ({ kind: 'sweep' }),
    plan: 'none nothing_expired',
    close: ['expired'],
  },
]

describe('the conversation core decides', () => {
  for (const c of cases) {
    it(c.rule, async () => {
      await setUp
      const paused = current(c.paused)
      const r = route(
        {
          contact: c.person ? { ...ASHA, handover: person(c.person, paused) } : ASHA,
          current: paused,
          flows,
          event: c.event(),
          now: at(c.paused, c.after),
          activation: c.activation,
        },
        nodeCatalog,
      )
      const inCall = (frames?: { id: string }[]) => (frames?.length ? ` in ${frames.map((f) => f.id).join(', ')}` : '')
      const plan =
        r.plan.action === 'resume'
          ? `resume ${r.plan.flow.id}${inCall(r.plan.frames)}`
          : r.plan.action === 'wake'
            ? `wake${r.plan.then ? ' then' : ''} ${r.plan.flow.id}${inCall(r.plan.frames)}`
            : r.plan.action === 'start'
              ? `start ${r.plan.start.flow.id}`
              : r.plan.action === 'handback'
                ? `handback ${r.plan.by}${r.plan.then ? ' then' : ''}${r.plan.run ? ` ${r.plan.run.flow.id}` : ''}`
                : r.plan.action === 'takeover'
                  ? `takeover ${r.plan.by}`
                  : `none ${r.plan.ignored.reason}`
      const ends = r.endHandover ? ` (takeover ends: ${r.endHandover})` : ''
      expect({ plan: plan + ends, close: r.close.map((x) => x.reason) }).toEqual({ plan: c.plan, close: c.close })
    })
  }
})
