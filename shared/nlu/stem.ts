// Light stemming per language: strips the commonest inflections (plurals, verb endings, adverb suffixes) so "orders",
// "ordered" and "ordering" meet at "order". Deliberately light: the classifier also compares character n-grams,
// which catch what a stemmer misses, and an aggressive stemmer merges words a flow needs apart. Languages without
// rules here are left as typed (their n-grams still match).

type Rule = [suffix: string, replacement: string, minStem: number]

// Longest suffix first within each list; the first rule that fits wins. minStem keeps short words whole.
const RULES: Record<string, Rule[]> = {
  en: [
    ['ingly', '', 3],
    ['ings', '', 3],
    ['ing', '', 3],
    ['ied', 'y', 2],
    ['ies', 'y', 2],
    ['ed', '', 3],
    ['ly', '', 4],
    ['sses', 'ss', 2],
    ['ches', 'ch', 2],
    ['shes', 'sh', 2],
    ['xes', 'x', 2],
    ['ss', 'ss', 2],
    ['us', 'us', 2],
    ['s', '', 3],
  ],
  es: [
    ['amente', '', 3],
    ['mente', '', 3],
    ['ciones', 'cion', 2],
    ['ando', '', 3],
    ['iendo', '', 3],
    ['ado', '', 3],
    ['ada', '', 3],
    ['idos', '', 3],
    ['ido', '', 3],
    ['ida', '', 3],
    ['es', '', 4],
    ['os', '', 3],
    ['as', '', 3],
    ['s', '', 3],
    ['o', '', 3],
    ['a', '', 3],
    ['e', '', 3],
  ],
  pt: [
    ['mente', '', 3],
    ['coes', 'cao', 2],
    ['ando', '', 3],
    ['endo', '', 3],
    ['ado', '', 3],
    ['ada', '', 3],
    ['ido', '', 3],
    ['ida', '', 3],
    ['es', '', 4],
    ['os', '', 3],
    ['as', '', 3],
    ['s', '', 3],
    ['o', '', 3],
    ['a', '', 3],
    ['e', '', 3],
  ],
  fr: [
    ['ements', '', 3],
    ['ement', '', 3],
    ['ees', '', 3],
    ['ee', '', 3],
    ['es', '', 3],
    ['er', '', 3],
    ['ez', '', 3],
    ['s', '', 3],
    ['x', '', 3],
    ['e', '', 3],
  ],
  de: [
    ['ungen', 'ung', 3],
    ['heiten', 'heit', 3],
    ['ern', '', 3],
    ['en', '', 3],
    ['er', '', 3],
    ['es', '', 3],
    ['e', '', 3],
    ['n', '', 4],
    ['s', '', 4],
  ],
  it: [
    ['mente', '', 3],
    ['zioni', 'zion', 2],
    ['ando', '', 3],
    ['endo', '', 3],
    ['ato', '', 3],
    ['ata', '', 3],
    ['ati', '', 3],
    ['ate', '', 3],
    ['a', '', 3],
    ['e', '', 3],
    ['i', '', 3],
    ['o', '', 3],
  ],
}

/** The stemmer for a locale ('en-GB' → English rules); identity when the language has none. */
export function stemmerFor(locale: string): (word: string) => string {
  const rules = RULES[locale.toLowerCase().split(/[-_]/)[0] ?? '']
  if (!rules) return (w) => w
  return (word) => {
    for (const [suffix, replacement, minStem] of rules)
      if (word.endsWith(suffix) && word.length - suffix.length >= minStem)
        return word.slice(0, word.length - suffix.length) + replacement
    return word
  }
}
