// Function words per language: they carry the grammar of a message, not what it is about ("are you open" and "how
// are you" share "are you"), so their word features, and the character n-grams made only of their letters (" can" of
// "can i", which would lean towards "cancel"), weigh STOPWORD_WEIGHT of a content word's. They still count, at that
// weight, so "cancel it" and "cancel" stay apart. The particles of English phrasal verbs ("up", "out", "off", "over")
// are among them: "sign me up" and "something came up" share "up" and nothing of what they mean ("down" is not: "the
// internet is down" says what is wrong). Languages without a list here rely on the inverse document frequency alone.

export const STOPWORD_WEIGHT = 0.3

const LISTS: Record<string, string> = {
  en: 'a an the i im ive id me my mine myself you youre your yours yourself u we our us ourselves he him his himself she her hers herself it its itself they them their themselves up out off over this that these those is am are was were be been being do does did doing have has had having can could will would shall should may might must to of in on at by for from with about as into than then so and or but if not no yes please pls thanks thank hi hello hey there here what whats when where wheres which who whom why how just still now any some all very too also',
  es: 'el la los las un una unos unas yo me mi mis tu tus te usted su sus nos nuestro es son soy esta estoy estan ser fue era de del a al en por para con sin y o pero si no que como cuando donde cual quien hola gracias porfa favor lo le les se ya muy',
  pt: 'o a os as um uma eu me meu minha meus minhas voce seu sua nos nosso e sao sou esta estou ser foi era de do da dos das em no na por para com sem ou mas se nao que como quando onde qual quem ola obrigado obrigada favor lo lhe ja muito',
  fr: 'le la les un une des je me mon ma mes tu te ton ta vous votre vos il elle nous est sont suis etre ete de du a au aux en dans par pour avec sans et ou mais si ne pas que qui quoi comment quand ou bonjour merci svp plait ce cette ces',
  de: 'der die das ein eine einen ich mich mein meine du dein sie ihr wir unser ist sind bin sein war von zu im in am an auf fur mit ohne und oder aber wenn nicht ja nein was wie wann wo wer hallo danke bitte es den dem des',
  it: 'il lo la i gli le un una io mi mio mia miei tu ti tuo tua lei suo sua noi nostro e sono sei essere stato di del della a al in nel per con senza o ma se non che come quando dove chi ciao grazie favore ci',
}

const sets = new Map<string, ReadonlySet<string>>()

/** The function words of a locale's language ('en-GB' → English); empty when it has no list. */
export function stopwordsFor(locale: string): ReadonlySet<string> {
  const lang = locale.toLowerCase().split(/[-_]/)[0] ?? ''
  let set = sets.get(lang)
  if (!set) sets.set(lang, (set = new Set((LISTS[lang] ?? '').split(' ').filter(Boolean))))
  return set
}
