import type { EmulatorSession } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'
import { flowLanguages, languageLabel, languageName } from '../../shared/flow/languages'

// The language the phone's run speaks (docs/languages.md, "The contact's language"), for the phone's header: a flow
// of several languages only. The run keeps it in {{contact.language}} (a Set Language node changes it); its first
// trace event says how it was chosen at the start.

const HOW: Record<string, string> = {
  variable: "the flow's language variable",
  contact: "the contact's language",
  detected: 'detected from the first message',
  default: 'the default',
}

export interface RunLanguage {
  /** 'Spanish' */
  name: string
  /** 'Spanish (es), chosen at the start: the contact's language' */
  title: string
}

export function runLanguage(doc: FlowDocument, session: EmulatorSession | null): RunLanguage | null {
  if (!session?.run || !flowLanguages(doc).multi) return null
  const contact = session.run.vars.contact as { language?: unknown } | undefined
  const tag = typeof contact?.language === 'string' ? contact.language : null
  if (!tag) return null
  const first = session.trace[0]?.output as { language?: { tag?: string; how?: string } } | undefined
  const start = first?.language
  const how = start?.how && HOW[start.how]
  const title =
    start?.tag === tag && how
      ? `${languageLabel(tag)}, chosen at the start: ${how}`
      : `${languageLabel(tag)}${start?.tag ? `, set during the run (it started in ${languageLabel(start.tag)})` : ''}`
  return { name: languageName(tag), title }
}
