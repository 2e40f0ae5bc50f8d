// A strict XML reader for translation files, on sax (a maintained streaming parser) with the guards hostile input
// needs: a size cap (the caller's), no DOCTYPE at all (so no entity is ever declared, let alone expanded: the
// "billion laughs" file is refused at its DOCTYPE), only XML's five predefined entities, a depth and an element
// cap. What it builds is a small tree of namespaced elements with the line each starts on, for messages.
import sax from 'sax'

export interface XmlElement {
  /** Namespace URI and local name: `urn:oasis:names:tc:xliff:document:2.0` + `unit`. */
  uri: string
  local: string
  /** Attributes by qualified name as written (`id`, `slr:sizeRestriction`, `xml:space`). */
  attrs: Record<string, string>
  children: XmlNode[]
  line: number
}
export type XmlNode = XmlElement | string

export const XML_LIMITS = { maxDepth: 32, maxElements: 400_000 } as const

export class XmlError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

/** The document's root element; throws XmlError (with the line) on anything that is not well-formed or is refused. */
export function readXml(text: string): XmlElement {
  // XML's end-of-line handling, before parsing (XML 1.0 §2.11): a file saved with CRLF reads as LF, while a
  // carriage return written as `&#13;` survives.
  const input = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const parser = sax.parser(true, { xmlns: true, position: true, strictEntities: true })
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  let elements = 0
  const lineNow = () => parser.line + 1
  const fail = (message: string): never => {
    throw new XmlError(message, lineNow())
  }
  parser.onerror = (err) => {
    // sax appends "\nLine: …\nColumn: …\nChar: …"; the first line is the reason.
    const reason = err.message.split('\n')[0] ?? 'not well-formed'
    fail(`not well-formed XML: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`)
  }
  parser.ondoctype = () => fail('a DOCTYPE is not allowed in a translation file (it could declare entities)')
  parser.onopentag = (tag) => {
    if (++elements > XML_LIMITS.maxElements) fail(`more than ${XML_LIMITS.maxElements} elements`)
    if (stack.length >= XML_LIMITS.maxDepth) fail(`elements nested deeper than ${XML_LIMITS.maxDepth} levels`)
    const attrs: Record<string, string> = {}
    for (const a of Object.values(tag.attributes))
      if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.name] = a.value
    const el: XmlElement = { uri: tag.uri, local: tag.local, attrs, children: [], line: lineNow() }
    const parent = stack.at(-1)
    if (parent) parent.children.push(el)
    else root = el
    stack.push(el)
  }
  parser.onclosetag = () => {
    stack.pop()
  }
  const addText = (t: string) => {
    const parent = stack.at(-1)
    if (!parent) return // whitespace around the root
    const last = parent.children.at(-1)
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + t
    else parent.children.push(t)
  }
  parser.ontext = addText
  parser.oncdata = addText
  parser.write(input).close()
  if (!root) throw new XmlError('no XML element in the file', 1)
  return root
}

export const elementsOf = (el: XmlElement): XmlElement[] =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string')

/** Text outside any element of `el` that is not whitespace (an XLIFF structure element holds only elements). */
export const strayText = (el: XmlElement): string | null =>
  el.children.find((c): c is string => typeof c === 'string' && c.trim() !== '') ?? null

/** A string as XML text content or a double-quoted attribute value. */
export function escapeXml(text: string, attribute = false): string {
  let out = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  if (attribute) out = out.replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')
  return out.replace(/\r/g, '&#13;')
}
