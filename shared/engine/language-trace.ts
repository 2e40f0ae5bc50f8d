// What a run's trace says of its language (docs/languages.md): the first event's `language: { tag, how }`, and the
// line and data of a node that sent texts the run's language lacks.
import { languageLabel, languageName } from '../flow/languages'
import type { LanguageChoice } from './language'
import type { LocalizedConfig } from './localize'
import type { TraceEvent } from './types'

/** The run's first event says which language the run speaks and why: `language: { tag, how }` in its output. */
export function withLanguage(output: unknown, choice: LanguageChoice): unknown {
  const language = { tag: choice.language, how: choice.how }
  return output !== null && typeof output === 'object' && !Array.isArray(output)
    ? { ...output, language }
    : output === null
      ? { language }
      : { value: output, language }
}

/**
 * The trace line of a node that sent texts the run's language lacks: "Spanish (es) text missing for Body; sent the
 * English text." and the same as data (TraceEvent.translation).
 */
export function fallbackOf(
  localized: LocalizedConfig | undefined,
  defaultLanguage: string,
): { warning: string; translation: NonNullable<TraceEvent['translation']> } | null {
  if (!localized?.language || (!localized.missing.length && !localized.outdated.length)) return null
  const node = (which: 'missing' | 'outdated') => labelsOf(localized, which)
  const lang = languageLabel(localized.language)
  const lines: string[] = []
  if (localized.missing.length)
    lines.push(`${lang} text missing for ${node('missing')}; sent the ${languageName(defaultLanguage)} text.`)
  if (localized.outdated.length)
    lines.push(`${lang} text for ${node('outdated')} was translated from an earlier text; sent the translation.`)
  return {
    warning: lines.join(' '),
    translation: {
      language: localized.language,
      missing: localized.missing,
      ...(localized.outdated.length ? { outdated: localized.outdated } : {}),
    },
  }
}

function labelsOf(localized: LocalizedConfig, which: 'missing' | 'outdated'): string {
  const names = localized[which].map((p) => localized.labels[p] ?? p)
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
