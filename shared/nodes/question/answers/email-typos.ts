import emailSpellChecker from '@zootools/email-spell-checker'

// Which common mail domain a typed one is probably a typo of. The distance matching is @zootools/email-spell-checker's
// (the maintained, typed fork of mailcheck); the domains it matches against are ours. Its own lists "correct" real
// domains: acme.com to me.com, gmx.net to cox.net, bt.com to qq.com, uol.com.br to uol.com. So it is given only the
// big consumer providers below, a suggestion must be one of them, and a suggestion that changes the name before the
// dot must land on a name of five letters or more: short names (me, qq, aol, gmx) sit too close to real domains.

const PROVIDERS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.co.in',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.es',
  'yahoo.it',
  'yahoo.com.br',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'outlook.com',
  'outlook.fr',
  'outlook.de',
  'outlook.es',
  'live.com',
  'live.co.uk',
  'live.fr',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'mail.com',
  'mail.ru',
  'yandex.ru',
  'yandex.com',
  'rediffmail.com',
  'zoho.com',
  'qq.com',
  '163.com',
  'naver.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'btinternet.com',
  'sky.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
]
const KNOWN = new Set(PROVIDERS)
const LONG_NAMES = [...new Set(PROVIDERS.map((d) => d.split('.')[0]!).filter((n) => n.length >= 5))]

/** The provider domain `domain` (lower case) is likely a typo of, or null. */
export function likelyDomain(domain: string): string | null {
  if (KNOWN.has(domain)) return null
  const found = emailSpellChecker.run({
    email: `x@${domain}`,
    domains: PROVIDERS,
    secondLevelDomains: LONG_NAMES,
    topLevelDomains: [],
  })?.domain
  if (!found || found === domain || !KNOWN.has(found)) return null
  const name = (d: string) => d.split('.')[0]!
  return name(found) === name(domain) || name(found).length >= 5 ? found : null
}
