import type { TemplateMessageConfig } from './definition'

// Which language version of the template a run sends. The channel keeps one version of a template per language code
// (en_US, es_MX), so a flow in several languages sends the version of the run's language: the code the node sets for
// it (`languages`), else the run's tag written the channel's way (es → es, pt-BR → pt_BR). The flow's default
// language sends `language`, as a single-language flow always does.

export interface TemplateVersion {
  /** The flow language the run speaks. */
  language: string
  /** The template language code to send. */
  code: string
  /** True when the node sets the code for this language (a missing version is then an error, not a fallback). */
  chosen: boolean
}

export function templateVersion(
  c: Pick<TemplateMessageConfig, 'language' | 'languages'>,
  run: { default: string; current: string },
): TemplateVersion {
  if (run.current === run.default) return { language: run.current, code: c.language, chosen: true }
  const set = c.languages[run.current]?.trim()
  if (set) return { language: run.current, code: set, chosen: true }
  return { language: run.current, code: channelCode(run.current), chosen: false }
}

/** A BCP 47 tag as the channel writes template languages: the region after an underscore (pt-BR → pt_BR). */
export function channelCode(tag: string): string {
  const [language = '', ...rest] = tag.split('-')
  const region = rest.find((p) => /^[A-Za-z]{2}$/.test(p))
  return region ? `${language.toLowerCase()}_${region.toUpperCase()}` : language.toLowerCase()
}
