// Turns a normalised phrase into the features the classifier weighs: word stems, pairs of neighbouring stems, and
// character 3- and 4-grams of the words as typed. Stems match inflections ("cancelled" / "cancel"); pairs keep some
// word order ("not working"); the n-grams carry a misspelt or unseen word part of the way ("delivry" shares
// " de", "del", "eli", "ive"… with "delivery") and do not care where the spaces fell.

export interface PhraseFeatures {
  /** 'w:<stem>' and 'b:<stem> <stem>', with their counts. */
  word: Map<string, number>
  /** 'c:<n-gram>', with their counts. */
  char: Map<string, number>
  /** Word features made only of function words (./stopwords.ts): they weigh less. */
  light: Set<string>
}

function add(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1)
}

export function featuresOf(
  tokens: readonly string[],
  stems: readonly string[],
  stop: ReadonlySet<string>,
): PhraseFeatures {
  const word = new Map<string, number>()
  const char = new Map<string, number>()
  const light = new Set<string>()
  for (let i = 0; i < stems.length; i++) {
    const w = 'w:' + stems[i]
    add(word, w)
    if (stop.has(tokens[i]!)) light.add(w)
    if (i > 0) {
      const b = 'b:' + stems[i - 1] + ' ' + stems[i]
      add(word, b)
      if (stop.has(tokens[i - 1]!) && stop.has(tokens[i]!)) light.add(b)
    }
  }
  const line = ' ' + tokens.join(' ') + ' '
  for (const n of [3, 4]) for (let i = 0; i + n <= line.length; i++) add(char, 'c:' + line.slice(i, i + n))
  return { word, char, light }
}
