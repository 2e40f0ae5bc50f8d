// Turns a normalised phrase into the features the classifier weighs: word stems, pairs of neighbouring stems, and
// character 3- and 4-grams of the words as typed. Stems match inflections ("cancelled" / "cancel"); pairs keep some
// word order ("not working"); the n-grams carry a misspelt or unseen word part of the way ("delivry" shares
// " de", "del", "eli", "ive"… with "delivery") and do not care where the spaces fell. A word a negated wish governs
// ("cancel" of "don't want to cancel", ./negation.ts) is another word: its stem and pairs are marked "!", and its
// n-grams weigh as a function word's, so what the customer does not want no longer counts for it.

export interface PhraseFeatures {
  /** 'w:<stem>' and 'b:<stem> <stem>', with their counts. */
  word: Map<string, number>
  /** 'c:<n-gram>', with their counts. */
  char: Map<string, number>
  /** Features made only of function words (./stopwords.ts): they weigh less. */
  light: Set<string>
}

function add(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1)
}

export function featuresOf(
  tokens: readonly string[],
  stems: readonly string[],
  stop: ReadonlySet<string>,
  negated: readonly boolean[] = [],
): PhraseFeatures {
  const word = new Map<string, number>()
  const char = new Map<string, number>()
  const light = new Set<string>()
  const marked = stems.map((s, i) => (negated[i] ? '!' + s : s))
  for (let i = 0; i < marked.length; i++) {
    const w = 'w:' + marked[i]
    add(word, w)
    if (stop.has(tokens[i]!)) light.add(w)
    if (i > 0) {
      const b = 'b:' + marked[i - 1] + ' ' + marked[i]
      add(word, b)
      if (stop.has(tokens[i - 1]!) && stop.has(tokens[i]!)) light.add(b)
    }
  }
  const line = ' ' + tokens.join(' ') + ' '
  // An n-gram made only of function words' letters and spaces (" can" of "can i book") weighs as a function word
  // does, or it would pull towards the intent whose content word starts the same way ("cancel").
  // seen[i]: how many of the line's first i characters belong to a content word no negation governs.
  const seen = [0, 0]
  tokens.forEach((t, i) => {
    const c = stop.has(t) || negated[i] ? 0 : 1
    for (let j = 0; j < t.length; j++) seen.push(seen[seen.length - 1]! + c)
    seen.push(seen[seen.length - 1]!)
  })
  for (const n of [3, 4])
    for (let i = 0; i + n <= line.length; i++) {
      const k = 'c:' + line.slice(i, i + n)
      add(char, k)
      if (seen[i + n] === seen[i]) light.add(k)
    }
  return { word, char, light }
}
