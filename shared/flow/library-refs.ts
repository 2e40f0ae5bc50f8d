// What a flow needs from the studio's libraries (message templates, catalogue products): export puts these in a
// bundle, and opening an example brings them along.
import type { FlowDocument } from './document'

/** The library templates a flow's Template Message nodes name. */
export function templatesUsed(document: FlowDocument): { name: string; language: string }[] {
  return document.nodes.flatMap((n) => {
    if (n.type !== 'template_message') return []
    const c = n.config as { templateName?: unknown; language?: unknown }
    return typeof c.templateName === 'string' && c.templateName && typeof c.language === 'string' ? [{ name: c.templateName, language: c.language }] : []
  })
}

/**
 * The catalogue products a flow's SPM and MPM nodes name with a literal id (an id built from {{ }} placeholders is
 * only known at run time, so the bundle cannot carry it).
 */
export function productsUsed(document: FlowDocument): { catalogId: string; productId: string }[] {
  return document.nodes.flatMap((n) => {
    const c = n.config as { catalogId?: unknown; productId?: unknown; sections?: { productIds?: unknown[] }[] }
    if ((n.type !== 'spm' && n.type !== 'mpm') || typeof c.catalogId !== 'string' || !c.catalogId) return []
    const catalogId = c.catalogId
    const ids = n.type === 'spm' ? [c.productId] : (c.sections ?? []).flatMap((s) => s.productIds ?? [])
    return ids.filter((id): id is string => typeof id === 'string' && id !== '' && !id.includes('{{')).map((productId) => ({ catalogId, productId }))
  })
}
