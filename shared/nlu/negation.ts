// Negated requests: "I need a break but don't want to cancel" does not ask to cancel, and "send it to my office
// instead of home" does not ask for home. The words such a negation governs are marked, and the classifier gives them
// features of their own ("!cancel" is another feature than "cancel"), the classic treatment of negation in text
// classification (Das & Chen 2001; Pang, Lee & Vaithyanathan 2002). Examples and messages are read the same way.
//
// Only a negated wish to do something is marked: a negation, a verb of wanting or meaning to, then an infinitive with
// no object of its own ("don't want to cancel", "not going to renew it", "no need to come"), or what follows "instead
// of" / "rather than". With an object the customer may be turning down the object rather than the act: "I don't want
// to talk to a bot" asks for a person, so it is left as it is. A negation of a state or a thing is what many requests
// are made of and is left as it is too: "my internet is not working" is about the internet not working, and "I don't
// need my membership any more" asks to end it. Contractions are spelt out first (./chat-forms.ts), so "dont",
// "don't" and "do not" are one negation.
import { stopwordsFor } from './stopwords'

interface Lists {
  cues: Set<string>
  desire: Set<string>
  /** The words that introduce the infinitive after a verb of wanting ("to"), or none where it is one word. */
  to: Set<string>
  /** How an infinitive ends where it is one word ("cancelar", "annuler"); unused when `to` is given. */
  infinitive: RegExp | null
  /** The German order: the wish first, the negation and the infinitive at the end ("ich will nicht kündigen"). */
  wishFirst: boolean
  /** "instead of", "rather than": what follows is not wanted. */
  instead: string[][]
  ends: Set<string>
}

/** Per language, as written: words separated by spaces, the phrases of `instead` by '|'. */
type Written = { [K in keyof Lists]: Lists[K] extends Set<string> | string[][] ? string : Lists[K] }

const LISTS: Record<string, Written> = {
  en: {
    cues: 'not no never',
    desire: 'want wants wanted wish need needs like intend intending plan planning mean meant going looking trying',
    to: 'to',
    infinitive: null,
    wishFirst: false,
    instead: 'instead of|rather than',
    ends: 'but and or so because though although however while if when then just please thanks',
  },
  es: {
    cues: 'no nunca jamas',
    desire: 'quiero quiere queremos quieren quisiera necesito necesita deseo desea voy vamos pienso',
    to: '',
    infinitive: /(ar|er|ir)$/,
    wishFirst: false,
    instead: 'en vez de|en lugar de',
    ends: 'pero y o porque aunque si cuando sino solo',
  },
  pt: {
    cues: 'nao nunca jamais',
    desire: 'quero quer queremos queria preciso precisa desejo vou vamos pretendo',
    to: '',
    infinitive: /(ar|er|ir)$/,
    wishFirst: false,
    instead: 'em vez de|ao inves de',
    ends: 'mas e ou porque embora se quando so apenas',
  },
  fr: {
    cues: 'ne pas jamais plus',
    desire: 'veux veut voulons voulez voudrais souhaite souhaitons vais compte',
    to: '',
    infinitive: /(er|ir|re)$/,
    wishFirst: false,
    instead: 'au lieu de|plutot que',
    ends: 'mais et ou parce car si quand seulement',
  },
  de: {
    cues: 'nicht nie niemals',
    desire: 'will willst wollen mochte mochten moechte brauche brauchen werde',
    to: '',
    infinitive: /n$/,
    wishFirst: true,
    instead: 'statt|anstatt|anstelle von',
    ends: 'aber und oder weil obwohl wenn sondern nur',
  },
  it: {
    cues: 'non mai',
    desire: 'voglio vuole vogliamo vorrei desidero vado penso',
    to: '',
    infinitive: /(are|ere|ire)$/,
    wishFirst: false,
    instead: 'invece di|anziche',
    ends: 'ma e o perche anche se quando solo',
  },
}

/** How many words a negated wish governs at most: the verb and the function words after it ("cancel it now"). */
export const SCOPE = 3

const cache = new Map<string, Lists | null>()

function listsFor(locale: string): Lists | null {
  const lang = locale.toLowerCase().split(/[-_]/)[0] ?? ''
  if (cache.has(lang)) return cache.get(lang)!
  const l = LISTS[lang]
  const set = (x: string) => new Set(x.split(' ').filter(Boolean))
  const out: Lists | null = l
    ? {
        cues: set(l.cues),
        desire: set(l.desire),
        to: set(l.to),
        infinitive: l.infinitive,
        wishFirst: l.wishFirst,
        instead: l.instead.split('|').map((p) => p.split(' ')),
        ends: set(l.ends),
      }
    : null
  cache.set(lang, out)
  return out
}

/** For each word of one clause, whether it is part of something the customer says they do not want. */
export function negatedWords(clause: readonly string[], locale: string): boolean[] {
  const out = clause.map(() => false)
  const l = listsFor(locale)
  if (!l) return out
  const stop = stopwordsFor(locale)
  const mark = (from: number) => {
    for (let k = from; k < clause.length && k < from + SCOPE && !l.ends.has(clause[k]!); k++) out[k] = true
  }
  let wished = false
  for (let i = 0; i < clause.length; i++) {
    const w = clause[i]!
    if (l.ends.has(w)) wished = false
    const phrase = l.instead.find((p) => p.every((x, k) => clause[i + k] === x))
    if (phrase) mark(i + phrase.length)
    else if (l.desire.has(w)) wished = true
    else if (l.cues.has(w)) {
      // German: "ich will nicht kündigen", "ich möchte meinen Vertrag nicht kündigen".
      if (l.wishFirst) {
        if (wished && l.infinitive?.test(clause[i + 1] ?? '')) mark(i + 1)
        continue
      }
      // "not want to", "no longer want to", "no need to"; French "ne veux pas annuler".
      for (const j of [i + 1, i + 2]) {
        if (!l.desire.has(clause[j] ?? '')) continue
        let k = j + 1
        while (l.cues.has(clause[k] ?? '')) k++
        if (l.to.size ? l.to.has(clause[k] ?? '') : l.infinitive?.test(clause[k] ?? '')) {
          // The verb, when nothing but function words follows it in its clause: no object it could be about.
          const verb = l.to.size ? k + 1 : k
          let end = verb + 1
          while (end < clause.length && !l.ends.has(clause[end]!)) end++
          if (clause.slice(verb + 1, end).every((x) => stop.has(x))) mark(verb)
        }
        break
      }
    }
  }
  return out
}
