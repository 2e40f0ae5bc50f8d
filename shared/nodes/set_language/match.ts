// Which of the flow's languages a value names: the same tag (letter case aside, 'es-mx' is 'es-MX'), else the one
// language of the list with the same primary subtag ('es-MX' → 'es' in a flow of en and es; 'es' → 'es-MX' in a flow
// of en-US and es-MX). Two of the list sharing the subtag ('pt-BR' and 'pt-PT' for 'pt') is no match: the node
// cannot guess which one the customer meant.

export function matchLanguage(value: string, list: readonly string[]): string | null {
  const tag = canonical(value.trim())
  if (!tag) return null
  const exact = list.find((l) => canonical(l)?.toLowerCase() === tag.toLowerCase())
  if (exact) return exact
  const primary = tag.split('-')[0]!.toLowerCase()
  const same = list.filter((l) => l.split('-')[0]!.toLowerCase() === primary)
  return same.length === 1 ? same[0]! : null
}

function canonical(value: string): string | null {
  if (!value || value.length > 35) return null
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0] ?? null
  } catch {
    return null
  }
}
