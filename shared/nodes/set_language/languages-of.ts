import type { RunContext } from '../../engine/runner'

// The flow's languages and the run's current one, as the runner sees them (contract #35: settings.languages,
// ctx.language). A single-language flow lists its locale alone.
export function languagesOf(ctx: RunContext<unknown>): { list: string[]; current: string } {
  const settings = ctx.settings as { locale: string; languages?: { list: string[]; default: string } }
  const list = settings.languages?.list ?? [settings.locale]
  const fallback = settings.languages?.default ?? settings.locale
  const contact = (ctx.vars as { contact?: { language?: unknown } }).contact
  const current =
    (ctx as { language?: string }).language ?? (typeof contact?.language === 'string' ? contact.language : fallback)
  return { list, current }
}
