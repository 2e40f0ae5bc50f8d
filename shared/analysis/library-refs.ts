// What a flow needs from the studio's libraries (message templates, catalogue products): export puts these in a
// bundle, and opening an example brings them along.
import { configOf } from '../nodes/registry'
import type { FlowDocument } from '../flow/document'

/** The library templates a flow's Template Message nodes name. */
export function templatesUsed(document: FlowDocument): { name: string; language: string }[] {
  return document.nodes.flatMap((n) => {
    const c = configOf(n, 'template_message')
    return c?.templateName ? [{ name: c.templateName, language: c.language }] : []
  })
}

/**
 * The catalogue products a flow's SPM and MPM nodes name with a literal id (an id built from {{ }} placeholders is
 * only known at run time, so the bundle cannot carry it).
 */
export function productsUsed(document: FlowDocument): { catalogId: string; productId: string }[] {
  return document.nodes.flatMap((n) => {
    const spm = configOf(n, 'spm')
    const mpm = configOf(n, 'mpm')
    const catalogId = spm?.catalogId ?? mpm?.catalogId
    if (!catalogId) return []
    const ids = spm ? [spm.productId] : (mpm?.sections ?? []).flatMap((s) => s.productIds)
    return ids.filter((id) => id !== '' && !id.includes('{{')).map((productId) => ({ catalogId, productId }))
  })
}
