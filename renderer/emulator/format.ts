// The channel's text formatting (docs/emulator.md, The phone): *bold*, _italic_, ~strike~, ```mono```, `code`, bulleted
// and numbered lines, > quotes, and URLs as links. Pure, so the rules are tested without a browser.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'link'; url: string }
  | { kind: 'mono' | 'code'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: Inline[] }

export interface Line {
  kind: 'plain' | 'bullet' | 'number' | 'quote'
  /** For numbered lines, the number as written. */
  marker?: string
  content: Inline[]
}

const PAIRS: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' }
const WORDISH = /[\p{L}\p{N}]/u

/** A marker opens only at a word start and before a non-space; it closes after a non-space and before a non-word. */
function closing(text: string, marker: string, from: number): number {
  for (let i = text.indexOf(marker, from); i !== -1; i = text.indexOf(marker, i + 1)) {
    const before = text[i - 1]!
    const after = text[i + marker.length]
    if (i > from && !/\s/.test(before) && (after === undefined || !WORDISH.test(after))) return i
  }
  return -1
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  let plain = ''
  const flush = () => {
    if (plain) out.push(...links(plain))
    plain = ''
  }
  for (let i = 0; i < text.length;) {
    const prev = text[i - 1]
    const atWordStart = prev === undefined || !WORDISH.test(prev)
    if (text.startsWith('```', i)) {
      const end = text.indexOf('```', i + 3)
      if (end > i + 3) {
        flush()
        out.push({ kind: 'mono', text: text.slice(i + 3, end) })
        i = end + 3
        continue
      }
    }
    const ch = text[i]!
    if (ch === '`' && atWordStart) {
      const end = text.indexOf('`', i + 1)
      if (end > i + 1) {
        flush()
        out.push({ kind: 'code', text: text.slice(i + 1, end) })
        i = end + 1
        continue
      }
    }
    const kind = PAIRS[ch]
    if (kind && atWordStart && text[i + 1] !== undefined && !/\s/.test(text[i + 1]!)) {
      const end = closing(text, ch, i + 1)
      if (end !== -1) {
        flush()
        out.push({ kind, children: parseInline(text.slice(i + 1, end)) })
        i = end + 1
        continue
      }
    }
    plain += ch
    i++
  }
  flush()
  return out
}

const URL_RE = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/g

function links(text: string): Inline[] {
  const out: Inline[] = []
  let last = 0
  for (const m of text.matchAll(URL_RE)) {
    if (m.index! > last) out.push({ kind: 'text', text: text.slice(last, m.index) })
    out.push({ kind: 'link', url: m[0] })
    last = m.index! + m[0].length
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) })
  return out
}

export function parseFormatted(text: string): Line[] {
  return text.split('\n').map((line): Line => {
    const bullet = /^[*-] (.*)$/.exec(line)
    if (bullet) return { kind: 'bullet', content: parseInline(bullet[1]!) }
    const numbered = /^(\d+)\. (.*)$/.exec(line)
    if (numbered) return { kind: 'number', marker: numbered[1], content: parseInline(numbered[2]!) }
    const quote = /^> (.*)$/.exec(line)
    if (quote) return { kind: 'quote', content: parseInline(quote[1]!) }
    return { kind: 'plain', content: parseInline(line) }
  })
}

/** The text a person reads, markers removed: for accessible names and tests. */
export function plainText(inlines: Inline[]): string {
  return inlines.map((n) => ('children' in n ? plainText(n.children) : n.kind === 'link' ? n.url : n.text)).join('')
}
