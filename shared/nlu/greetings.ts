// Greetings that open a message ("hi", "good morning", "hello there, good evening") say nothing about what the
// customer wants, in any business: they are left out of what the classifier reads, in the examples and the messages
// alike. Otherwise a greeting's words count like any others: "good morning!" alone would reach the intent whose
// example says "since this morning", and "hello, my order…" would lean towards an intent whose examples greet.
// A message that is only a greeting has nothing left and takes `other`, unless the flow has an intent for greetings
// (an example that is only a greeting): then greetings are read as words like any others.

const GREETINGS: Record<string, string[]> = {
  en: [
    'hi',
    'hello',
    'hey',
    'hiya',
    'heya',
    'hi there',
    'hello there',
    'hey there',
    'good morning',
    'good afternoon',
    'good evening',
    'greetings',
    'dear sir or madam',
    'dear sir',
    'dear madam',
  ],
  es: ['hola', 'buenas', 'buenos dias', 'buenas tardes', 'buenas noches', 'saludos'],
  pt: ['ola', 'oi', 'bom dia', 'boa tarde', 'boa noite'],
  fr: ['bonjour', 'bonsoir', 'salut', 'coucou'],
  de: ['hallo', 'hi', 'hey', 'guten morgen', 'guten tag', 'guten abend', 'servus', 'moin', 'gruss gott'],
  it: ['ciao', 'salve', 'buongiorno', 'buonasera', 'buon pomeriggio'],
}

const lists = new Map<string, string[][]>()

/** How many words greetings take at the start of these words, one after another ("hi there good morning"). */
export function greetingLength(tokens: readonly string[], locale: string): number {
  const lang = locale.toLowerCase().split(/[-_]/)[0] ?? ''
  let list = lists.get(lang)
  if (!list) {
    // Longest first, so "hi there" is taken whole before "hi".
    list = (GREETINGS[lang] ?? []).map((g) => g.split(' ')).sort((a, b) => b.length - a.length)
    lists.set(lang, list)
  }
  let at = 0
  for (;;) {
    const g = list.find((words) => words.every((w, i) => tokens[at + i] === w))
    if (!g) return at
    at += g.length
  }
}
