// What a flow needs from the studio's libraries (message templates, catalogue products): export puts these in a
// bundle, and opening an example brings them along. Each node type says which items it names (NodeBehaviour.library).
import { behaviourOfType, parsedConfig } from '../nodes/behaviour-of'
import type { LibraryRefs } from '../nodes/behaviour'
import type { FlowDocument } from '../flow/document'

function refsOf(document: FlowDocument): LibraryRefs[] {
  return document.nodes.flatMap((n) => {
    const library = behaviourOfType(n.type).library
    const config = library && parsedConfig(n)
    return library && config !== null ? [library(config)] : []
  })
}

/** The library templates a flow's nodes name (Template Message). */
export function templatesUsed(document: FlowDocument): { name: string; language: string }[] {
  return refsOf(document).flatMap((r) => r.templates ?? [])
}

/**
 * The catalogue products a flow's nodes name with a literal id (SPM, MPM; an id built from {{ }} placeholders is
 * only known at run time, so the bundle cannot carry it).
 */
export function productsUsed(document: FlowDocument): { catalogId: string; productId: string }[] {
  return refsOf(document).flatMap((r) => r.products ?? [])
}
