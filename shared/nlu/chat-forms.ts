// Short forms people type in chat, read as the words they stand for, per language: "pls" is "please", "tmrw"
// "tomorrow", "r u open" "are you open". Only general chat language, the same in any business (no product or trade
// abbreviations: a flow's designer writes those into the examples). Both the examples and the customer's messages are
// read through it, so "can't" typed with or without its apostrophe, "cannot" and "can not" all meet, and a message
// typed as on a phone shares the examples' words. Contractions are spelt out ("isnt" → "is not") so a negation reads
// the same whichever way it was typed (./negation.ts). A form that is also a common word ("sat", "wed", "id", "ill",
// "its") is left alone.

const FORMS: Record<string, Record<string, string>> = {
  en: {
    pls: 'please',
    plz: 'please',
    plse: 'please',
    thx: 'thanks',
    thnx: 'thanks',
    thanx: 'thanks',
    ty: 'thank you',
    tmrw: 'tomorrow',
    tmr: 'tomorrow',
    tmrow: 'tomorrow',
    tmoro: 'tomorrow',
    '2moro': 'tomorrow',
    '2morrow': 'tomorrow',
    '2day': 'today',
    tonite: 'tonight',
    '2nite': 'tonight',
    nite: 'night',
    appt: 'appointment',
    appts: 'appointments',
    u: 'you',
    ya: 'you',
    ur: 'your',
    r: 'are',
    wanna: 'want to',
    gonna: 'going to',
    gotta: 'got to',
    lemme: 'let me',
    gimme: 'give me',
    dunno: 'do not know',
    idk: 'i do not know',
    b4: 'before',
    bc: 'because',
    cuz: 'because',
    coz: 'because',
    abt: 'about',
    thru: 'through',
    tho: 'though',
    ppl: 'people',
    msg: 'message',
    pic: 'picture',
    pics: 'pictures',
    acct: 'account',
    pwd: 'password',
    mins: 'minutes',
    hr: 'hour',
    hrs: 'hours',
    wk: 'week',
    wks: 'weeks',
    wknd: 'weekend',
    tues: 'tuesday',
    weds: 'wednesday',
    thur: 'thursday',
    thurs: 'thursday',
    fri: 'friday',
    im: 'i am',
    ive: 'i have',
    youre: 'you are',
    whats: 'what is',
    wheres: 'where is',
    hows: 'how is',
    thats: 'that is',
    theres: 'there is',
    dont: 'do not',
    doesnt: 'does not',
    didnt: 'did not',
    cant: 'can not',
    cannot: 'can not',
    wont: 'will not',
    isnt: 'is not',
    arent: 'are not',
    wasnt: 'was not',
    werent: 'were not',
    havent: 'have not',
    hasnt: 'has not',
    hadnt: 'had not',
    shouldnt: 'should not',
    wouldnt: 'would not',
    couldnt: 'could not',
    aint: 'is not',
  },
  es: {
    q: 'que',
    xq: 'porque',
    pq: 'porque',
    porq: 'porque',
    tb: 'tambien',
    tmb: 'tambien',
    porfa: 'por favor',
    xfa: 'por favor',
  },
  pt: {
    vc: 'voce',
    vcs: 'voces',
    q: 'que',
    pq: 'porque',
    tb: 'tambem',
    tbm: 'tambem',
    obg: 'obrigado',
    pfv: 'por favor',
  },
  fr: {
    stp: 'sil te plait',
    svp: 'sil vous plait',
    pr: 'pour',
    bcp: 'beaucoup',
    jsuis: 'je suis',
    slt: 'salut',
    dac: 'daccord',
  },
  de: { vllt: 'vielleicht', bzw: 'beziehungsweise', nix: 'nichts', gibts: 'gibt es', hab: 'habe' },
  it: { cmq: 'comunque', nn: 'non', xke: 'perche', xche: 'perche', pk: 'perche', grz: 'grazie' },
}

const tables = new Map<string, Map<string, string[]>>()

function tableFor(locale: string): Map<string, string[]> {
  const lang = locale.toLowerCase().split(/[-_]/)[0] ?? ''
  let t = tables.get(lang)
  if (!t) tables.set(lang, (t = new Map(Object.entries(FORMS[lang] ?? {}).map(([k, v]) => [k, v.split(' ')]))))
  return t
}

/** The words with every short form of the locale's language spelt out. */
export function spelledOut(tokens: readonly string[], locale: string): string[] {
  const t = tableFor(locale)
  if (!t.size) return [...tokens]
  return tokens.flatMap((w) => t.get(w) ?? [w])
}

/**
 * A letter typed three times or more in a row ("sooo", "pleeease") is emphasis, never spelling in the languages
 * above: the word read with that letter once and twice, for the classifier to keep whichever it knows.
 */
export function unstretched(word: string): [once: string, twice: string] | null {
  if (!/(\p{L})\1\1/u.test(word)) return null
  return [word.replace(/(\p{L})\1{2,}/gu, '$1'), word.replace(/(\p{L})\1{2,}/gu, '$1$1')]
}
