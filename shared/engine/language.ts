import type { FlowDocument } from '../flow/document'
import { flowLanguages, matchLanguage } from '../flow/languages'
import { detectLanguage } from './language-detect'
import { flowLexicon } from './language-lexicon'
import { initialMessage } from './session'
import type { Contact, TriggerInput, Vars } from './types'

// The language a run speaks, chosen when it starts (docs/languages.md, "The contact's language"). The channel's
// webhook profile carries the customer's name only, so what a host knows of the customer's language is
// `Contact.language` (stored by an earlier run, a Set Language node, or set by the tester).

export type LanguageHow = 'variable' | 'contact' | 'detected' | 'default'

export interface LanguageChoice {
  language: string
  how: LanguageHow
}

/**
 * In this order: (1) the variable or contact field the flow names (`settings.languages.from`) holds one of its
 * languages (the same tag, else the same primary language: 'es-MX' → 'es'); (2) the contact's stored language does;
 * (3) detection is on and the message that started the run is, among the flow's languages, clearly one of them
 * (language-detect.ts: the flow's own words, then common words, then franc-min);
 * (4) the default. A flow of one language always speaks it.
 */
export function chooseLanguage(
  flow: Pick<FlowDocument, 'settings'> | FlowDocument,
  contact: Pick<Contact, 'language' | 'fields'>,
  trigger: TriggerInput,
  vars: Vars,
): LanguageChoice {
  const langs = flowLanguages(flow)
  if (!langs.multi) return { language: langs.default, how: 'default' }
  if (langs.from) {
    const named = matchLanguage(readFrom(langs.from, vars, trigger, contact), langs.list)
    if (named) return { language: named, how: 'variable' }
  }
  const stored = matchLanguage(contact.language, langs.list)
  if (stored) return { language: stored, how: 'contact' }
  if (langs.detect) {
    // The whole document gives detection the flow's own words; a bare settings object (a unit test) only franc's.
    const lexicon = 'nodes' in flow ? flowLexicon(flow) : undefined
    const detected = detectLanguage(initialMessage(trigger), langs.list, { lexicon })
    if (detected) return { language: detected, how: 'detected' }
  }
  return { language: langs.default, how: 'default' }
}

/**
 * The value at a variable path before anything ran: the run's presets (a test's, the host's), else the data a
 * webhook or operator started it with (the trigger turns it into variables only when it runs), else, for
 * `contact.…`, what the host knows of the contact (`contact.fields.language`, `contact.language`).
 */
export function readFrom(
  path: string,
  vars: Vars,
  trigger: TriggerInput,
  contact: Pick<Contact, 'language' | 'fields'>,
): unknown {
  const segments = path.split('.')
  const data = trigger.kind === 'webhook' || trigger.kind === 'manual' ? trigger.data : undefined
  for (const root of [vars, data, { contact: { language: contact.language ?? null, fields: contact.fields ?? {} } }]) {
    const value = walk(root, segments)
    if (value !== undefined && value !== null && value !== '') return value
  }
  return undefined
}

function walk(root: unknown, segments: string[]): unknown {
  let cur = root
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, s)) return undefined
    cur = (cur as Record<string, unknown>)[s]
  }
  return cur
}
