// Library items a node names (NodeBehaviour.library): catalogue products are named with a literal id only; an id
// built from {{ }} placeholders is only known at run time, so a bundle cannot carry it.
export function literalProducts(catalogId: string, ids: string[]): Array<{ catalogId: string; productId: string }> {
  if (!catalogId) return []
  return ids.filter((id) => id !== '' && !id.includes('{{')).map((productId) => ({ catalogId, productId }))
}
