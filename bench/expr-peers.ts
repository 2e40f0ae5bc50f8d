// The peers of the expression bench (bench/suites/expr.ts): n8n's evaluator @n8n/tournament (JavaScript inside
// `{{ }}`, compiled with `new Function`) and expr-eval (a parsed expression walked by an interpreter), both pinned as
// dev dependencies. Each corpus template is written as each peer's own language writes it; a peer that has no
// construct for a template (expr-eval has no text around placeholders, no text functions, no emptiness test) simply
// has no entry, and the geometric means compare only the templates every peer expresses.
import { Tournament } from '@n8n/tournament'
import { Parser } from 'expr-eval'
import type { Vars } from '../shared/expr'

export type PeerName = 'tournament' | 'expr-eval'
export const PEERS: readonly PeerName[] = ['tournament', 'expr-eval']

/** Each corpus template in the peer's syntax, by corpus id. */
export const PEER_SOURCES: Record<PeerName, Record<string, string>> = {
  tournament: {
    t01_plain: 'Welcome to Acme Support! Reply with a number to continue.',
    t02_one_var: 'Hi {{ customer_name }}',
    t03_nested_path: 'Order {{ http_call_1.result.order.id }} is {{ http_call_1.result.order.status }}',
    t04_arith: '{{ price * 1.18 }}',
    t05_sum: '{{ price + tax }}',
    t06_if: "{{ age >= 18 ? 'Adult' : 'Minor' }}",
    t07_round_arith: '{{ Math.round(price * qty * 1.18) }}',
    t08_string_fns: '{{ name.trim().toUpperCase() }}',
    t09_if_empty: "{{ email.trim() === '' ? 'none' : email }}",
    t10_condition: "{{ age >= 18 && country === 'IN' }}",
    t11_long_10vars:
      'Hello {{ first }} {{ last }}, your order {{ order_id }} for {{ qty }} x {{ product }} totalling {{ currency }} {{ total }} will reach {{ city }} on {{ delivery_date }}. Questions? Call {{ support_phone }}, we are happy to help.',
    t12_concat: "{{ first + ' ' + last }}",
  },
  'expr-eval': {
    t04_arith: 'price * 1.18',
    t05_sum: 'price + tax',
    t06_if: 'age >= 18 ? "Adult" : "Minor"',
    t07_round_arith: 'round(price * qty * 1.18)',
    t10_condition: 'age >= 18 and country == "IN"',
    t12_concat: 'first || " " || last',
  },
}

// Raw results are turned into text with String(): the peers' own numbers, not ours (we pay for removing
// floating-point noise on every number; they do not). The corpus is checked for equal text before timing.
const text = (v: unknown): string => String(v)

type Values = Parameters<ReturnType<Parser['parse']>['evaluate']>[0]

/**
 * A function rendering the template with vars the way the peer does it compiled once (tournament caches its
 * compiled function per text inside execute; expr-eval evaluates one parsed Expression), or parsed each time
 * (a fresh Tournament has an empty cache; expr-eval parses the text). Undefined: the peer cannot express it.
 */
export function peerRenderer(
  peer: PeerName,
  id: string,
  vars: Vars,
  each: boolean,
  /** Each call's session, when it is not always `vars` (tournament compiled once only). */
  session?: () => Vars,
): (() => string) | undefined {
  const src = PEER_SOURCES[peer][id]
  if (src === undefined) return undefined
  if (peer === 'tournament') {
    if (each) return () => text(new Tournament().execute(src, vars))
    const t = new Tournament()
    if (session) return () => text(t.execute(src, session()))
    return () => text(t.execute(src, vars))
  }
  const values = vars as Values
  const parser = new Parser()
  if (each) return () => text(parser.parse(src).evaluate(values))
  const e = parser.parse(src)
  return () => text(e.evaluate(values))
}

/** The peers' output for every template they express equals the corpus's expected text; else what differs. */
export function checkPeers(vars: Vars, templates: { id: string; expected: string }[]): string | undefined {
  for (const t of templates)
    for (const peer of PEERS)
      for (const each of [false, true]) {
        let got: string | undefined
        try {
          got = peerRenderer(peer, t.id, vars, each)?.()
        } catch (err) {
          return `${peer} failed on ${t.id}: ${err instanceof Error ? err.message : String(err)}`
        }
        if (got !== undefined && got !== t.expected)
          return `${peer} rendered ${t.id} as ${JSON.stringify(got)}, expected ${JSON.stringify(t.expected)}`
      }
  return undefined
}
