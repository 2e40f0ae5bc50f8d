import type { RunContext } from '../engine/runner'

// The flow's languages and the language the run speaks, as a runner sees them (contract #35: settings.languages,
// ctx.language): read by the nodes that decide by language (Set Language, Template Message). A single-language flow
// lists its locale alone, and its runs speak it.
export function runLanguages(ctx: Pick<RunContext<unknown>, 'settings' | 'vars'>): {
  list: string[]
  default: string
  current: string
} {
  const settings = ctx.settings as { locale: string; languages?: { list: string[]; default: string } }
  const list = settings.languages?.list ?? [settings.locale]
  const fallback = settings.languages?.default ?? settings.locale
  const contact = (ctx.vars as { contact?: { language?: unknown } }).contact
  const own = (ctx as { language?: string }).language
  const current = own ?? (typeof contact?.language === 'string' ? contact.language : fallback)
  return { list, default: fallback, current }
}
