// How a run starts: the trigger (a keyword message, a button payload with the part after its prefix extracted, a
// webhook's data fields, an operator's start, an ad click) and the contact ({{customer_name}}, {{customer_phone}}).
// Rules on any of them are met by choosing the test's `trigger:` and `contact:`. A callable flow tested on its own
// also starts with its inputs, which a caller would give: they are the test's `variables:` presets, chosen like the
// rest ({{country}} = IN for a rule on it), a required input getting its default or a made-up value otherwise.
import { displayValue, type Vars } from '../expr'
import type { TriggerSpec } from '../engine/conversation'
import { bestKeyword } from '../engine/triggers'
import { AD_FIELDS, type TriggerConfig } from '../nodes/trigger/definition'
import type { Pool } from '../rules/search'
import { candidatesFor, type RuleGroup } from '../rules/synthesis'
import { setPath } from '../rules/vars'
import { DEFAULT_CONTACT } from './contact'
import type { FlowIndex } from './flow-index'
import type { Source } from './targets'

export interface Start {
  contact: { name: string; phone: string; lastInboundAt?: string; optedIn?: boolean; language?: string }
  trigger: TriggerSpec
  /** A callable flow's inputs, preset as a caller would give them (the test's `variables:`). */
  variables?: Vars
}

export interface StartSource extends Source {
  start(picks: Record<string, unknown>): Start | null
}

const PHONE = /^\+[1-9]\d{6,14}$/

export function startSource(ix: FlowIndex, trigger: number): StartSource {
  const c = ix.graph.config(trigger) as TriggerConfig
  const name = ix.graph.nodes[trigger]!.name
  const target = c.targetVariable.trim()
  // The path inside the request's data a variable path reads, nested fields included ({{trigger_1.data.customer.tier}}
  // is customer.tier, and so is {{customer.tier}} when customer is a data field): a value picked for it is put there.
  const dataField = (p: string): string | null => {
    const [root, ...rest] = p.split('.')
    if (root === name && rest[0] === 'data' && rest[1]) return rest.slice(1).join('.')
    return c.dataFields.includes(root!) && (c.kind === 'webhook' || c.kind === 'manual') ? p : null
  }
  const inputs = ix.doc.interface?.inputs ?? []
  const kindOf = (p: string): string | null => {
    const [root, ...rest] = p.split('.')
    if (inputs.some((i) => i.name === root)) return `input.${root}`
    if (root === 'customer_name') return 'contact.name'
    if (root === 'customer_phone') return 'contact.phone'
    if (dataField(p)) return `data.${dataField(p)}`
    if (
      c.kind === 'button_click' &&
      (root === target || (root === name && (rest[0] === 'payload' || rest[0] === 'text')))
    )
      return 'payload'
    if (c.kind === 'ad_click' && root === name && rest[0] === 'ad' && rest[1]) return `ad.${rest[1]}`
    if (
      root === 'initial_message' ||
      (root === name && (rest[0] === 'keyword' || rest[0] === 'message' || rest[0] === 'message_text'))
    )
      return 'message'
    if (c.kind === 'manual' && root === name && rest[0] === 'operator') return 'operator'
    return null
  }
  const pool = (kind: string, paths: string[], groups: RuleGroup[]): Pool => {
    const cands = paths
      .filter((p) => kindOf(p) === kind)
      .flatMap((p) => candidatesFor(p, groups))
      .map(displayValue)
    const apply = (v: Vars, x: unknown) => applyStart(v, kind, x)
    if (kind === 'message' && c.kind === 'keyword') {
      const tries = c.keywords.flatMap((k) => [
        k.trim(),
        ...cands.flatMap((t) => [t, `${k.trim()} ${t}`, `${t} ${k.trim()}`]),
      ])
      return { path: kind, values: [...new Set(tries)].filter((t) => bestKeyword(c, t) !== null), apply }
    }
    if (kind === 'payload') {
      // A rule on the extracted part wants a suffix; a rule on the whole payload wants the payload itself.
      const full = [
        ...cands.map((t) => c.payloadPrefix + t),
        ...cands.filter((t) => t.startsWith(c.payloadPrefix)),
        c.payloadPrefix + 'test',
      ]
      return { path: kind, values: [...new Set(full)], apply }
    }
    if (kind === 'contact.phone')
      return {
        path: kind,
        values: [...new Set([...cands.map(asPhone).filter((t) => PHONE.test(t)), DEFAULT_CONTACT.phone])],
        apply,
      }
    if (kind === 'contact.name')
      return { path: kind, values: [...new Set([...cands.filter((t) => t.trim()), DEFAULT_CONTACT.name])], apply }
    return { path: kind, values: [...new Set([...cands, 'test'])], apply }
  }
  const applyStart = (v: Vars, kind: string, x: unknown): Vars => {
    const text = displayValue(x)
    if (kind === 'contact.name') return setPath(v, 'customer_name', text)
    if (kind === 'contact.phone') return setPath(v, 'customer_phone', text)
    if (kind.startsWith('data.')) {
      const f = kind.slice(5)
      const out = setPath(v, `${name}.data.${f}`, x)
      return c.dataFields.includes(f.split('.')[0]!) ? setPath(out, f, x) : out
    }
    if (kind.startsWith('ad.')) return setPath(v, `${name}.${kind}`, x)
    if (kind.startsWith('input.')) return setPath(v, kind.slice(6), x)
    if (kind === 'operator') return setPath(v, `${name}.operator`, text)
    if (kind === 'payload') {
      let out = setPath(setPath(v, `${name}.payload`, text), `${name}.text`, text)
      if (target && text.startsWith(c.payloadPrefix)) out = setPath(out, target, text.slice(c.payloadPrefix.length))
      return { ...out, button_id: text, _last_button_payload: text, _last_button_text: text }
    }
    const keyword = c.kind === 'keyword' ? (bestKeyword(c, text) ?? '') : ''
    const field = c.kind === 'webhook' ? 'message_text' : 'message'
    return setPath(
      setPath(c.kind === 'keyword' ? setPath(v, `${name}.keyword`, keyword) : v, `${name}.${field}`, text),
      'initial_message',
      text,
    )
  }
  return {
    node: -1,
    owns: (p) => kindOf(p) !== null,
    pools(paths, groups) {
      const kinds = [...new Set(paths.map(kindOf).filter((k): k is string => k !== null))]
      return kinds.map((k) => pool(k, paths, groups))
    },
    start(picks) {
      const pick = (k: string, fallback: string) => (k in picks ? displayValue(picks[k]) : fallback)
      const contact = {
        name: pick('contact.name', DEFAULT_CONTACT.name),
        phone: pick('contact.phone', DEFAULT_CONTACT.phone),
        // A suite for one language: every test's contact has it stored, so its runs speak it.
        ...(ix.language ? { language: ix.language } : {}),
      }
      const variables: Vars = {}
      for (const i of inputs) {
        const k = `input.${i.name}`
        if (k in picks) variables[i.name] = picks[k]
        else if (i.required && i.default === undefined) variables[i.name] = `${i.name}-1`
      }
      const preset = Object.keys(variables).length ? { variables } : {}
      let data: Vars = {}
      for (const f of c.dataFields) if (f) data[f] = `${f}-1`
      for (const [k, v] of Object.entries(picks)) if (k.startsWith('data.')) data = setPath(data, k.slice(5), v)
      switch (c.kind) {
        case 'keyword': {
          const message = pick('message', c.keywords.find((k) => k.trim())?.trim() ?? '')
          return message ? { contact, trigger: { message }, ...preset } : null
        }
        case 'button_click': {
          const id = pick('payload', c.payloadPrefix + 'test')
          return { contact, trigger: { button: { id, title: id } }, ...preset }
        }
        case 'webhook':
          return {
            contact,
            trigger: { webhook: { data, ...('message' in picks ? { message_text: pick('message', '') } : {}) } },
            ...preset,
          }
        case 'manual':
          return {
            contact,
            trigger: {
              manual: { operator: pick('operator', 'tester'), ...(Object.keys(data).length ? { data } : {}) },
            },
            ...preset,
          }
        case 'ad_click': {
          const referral: Vars = {
            headline: 'Ad',
            source_id: 'ad_1',
            source_type: 'ad',
            source_url: 'https://example.com/ad',
          }
          for (const f of AD_FIELDS) if (`ad.${f}` in picks) referral[f] = picks[`ad.${f}`]
          return { contact, trigger: { message: pick('message', 'Hi'), referral }, ...preset }
        }
      }
    },
  }
}

/** A candidate made a phone number: digits kept, padded to a plausible length, with a '+'. */
function asPhone(t: string): string {
  const digits = t.replace(/\D/g, '')
  if (!digits) return ''
  return '+' + (digits.length >= 7 ? digits : digits.padEnd(11, '0'))
}
