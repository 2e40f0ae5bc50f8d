// Helpers for the one-line summaries on canvas cards.

/** First line of a text, cut to fit a card. */
export function oneLine(text: string, max = 60): string {
  const first = text.trim().split('\n')[0] ?? ''
  return first.length > max ? first.slice(0, max - 1) + '…' : first
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}
