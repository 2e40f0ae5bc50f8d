// XLIFF 2.0 (OASIS, docs.oasis-open.org/xliff/xliff-core/v2.0) for translators' tools: one <file> per flow, one
// <unit> per customer text with its context in <notes> and the channel's limit in the Size and Length Restriction
// module (slr:sizeRestriction, counted in code points like the node validators), each `{{…}}` placeholder as a
// <ph> the tools keep out of the translator's hands (the original in disp/equiv). Reading is strict: a file that is
// not XLIFF 2 or not well-formed is refused whole (translations.bad_file with the line), while a unit whose target
// holds something other than text and placeholders is kept as a row with a `problem`, refused on its own later.
import { partsOf } from './parts'
import type { TextUnit } from '../analysis/translations'
import type { ImportedRow, ReadResult } from './types'
import { elementsOf, escapeXml, readXml, strayText, XmlError, type XmlElement } from './xml-tree'

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'
export const SLR_NS = 'urn:oasis:names:tc:xliff:sizerestriction:2.0'

export interface FlowTexts {
  flowId: string
  flowName: string
  units: TextUnit[]
}

/** XLIFF 2.0 for one flow's texts (the contract's shape); `toXliffSet` writes several flows in one file. */
export function toXliff(
  units: TextUnit[],
  opts: { source: string; target: string; flowId: string; flowName: string },
): string {
  return toXliffSet([{ flowId: opts.flowId, flowName: opts.flowName, units }], opts)
}

export function toXliffSet(flows: FlowTexts[], opts: { source: string; target: string }): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>']
  out.push(
    `<xliff xmlns="${XLIFF_NS}" xmlns:slr="${SLR_NS}" version="2.0" srcLang="${attr(opts.source)}" trgLang="${attr(opts.target)}">`,
  )
  for (const flow of flows) {
    out.push(`  <file id="${nmtoken(flow.flowId)}" original="${attr(flow.flowId)}">`)
    out.push('    <slr:profiles generalProfile="xliff:codepoints" storageProfile="xliff:utf8"/>')
    out.push(`    <notes>${note('flow', flow.flowName)}</notes>`)
    for (const unit of flow.units) out.push(...unitXml(unit, opts.target))
    out.push('  </file>')
  }
  out.push('</xliff>', '')
  return out.join('\n')
}

function unitXml(unit: TextUnit, target: string): string[] {
  const size = unit.limit !== null ? ` slr:sizeRestriction="${unit.limit}"` : ''
  const lines = [`    <unit id="${nmtoken(unit.id)}" name="${attr(unit.id)}" xml:space="preserve"${size}>`]
  const notes = [
    note('node', `${unit.nodeName} (${unit.nodeType})`),
    note('field', unit.label),
    ...(unit.limit !== null ? [note('limit', `At most ${unit.limit} characters`)] : []),
  ]
  const existing = unit.translations[target] ?? null
  if (existing?.outdated) notes.push(note('outdated', 'The source text changed since this translation was made.'))
  lines.push(`      <notes>${notes.join('')}</notes>`)
  const sourceIds = new Map<string, string[]>()
  const source = inlineXml(unit.source, (text, n) => {
    const id = String(n)
    sourceIds.set(text, [...(sourceIds.get(text) ?? []), id])
    return id
  })
  const state = existing ? (existing.outdated ? 'initial' : 'translated') : 'initial'
  lines.push(`      <segment state="${state}">`)
  lines.push(`        <source>${source}</source>`)
  if (existing) {
    // The same placeholder keeps its source id in the target, as the tools expect; one the source lacks gets a new one.
    let extra = 1000
    const taken = new Map<string, number>()
    const target = inlineXml(existing.text, (text) => {
      const ids = sourceIds.get(text) ?? []
      const k = taken.get(text) ?? 0
      taken.set(text, k + 1)
      return ids[k] ?? String(++extra)
    })
    lines.push(`        <target>${target}</target>`)
  }
  lines.push('      </segment>', '    </unit>')
  return lines
}

// A note holds plain text (no <cp>): a character XML cannot carry is shown as U+FFFD there.
const note = (category: string, text: string) =>
  `<note category="${category}">${escapeXml(text.replace(NOT_XML, '\uFFFD'))}</note>`

/** Text as XLIFF inline content: placeholders as <ph>, characters XML cannot hold as <cp>. */
function inlineXml(text: string, idOf: (placeholder: string, n: number) => string): string {
  let n = 0
  return partsOf(text)
    .map((p) => {
      // A placeholder holding a character no attribute can carry goes as text: exact, checked on import all the same.
      if (p.kind === 'text' || NOT_XML_ONE.test(p.text)) return textXml(p.text)
      const original = attr(p.text)
      return `<ph id="${idOf(p.text, ++n)}" disp="${original}" equiv="${original}"/>`
    })
    .join('')
}

// XML 1.0 cannot carry these even as character references: C0 controls but tab, line feed and carriage return,
// lone surrogates, U+FFFE and U+FFFF. XLIFF 2.0's <cp hex> carries them.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu
const NOT_XML_SPLIT = new RegExp(`(${NOT_XML.source})`, 'u')
const NOT_XML_ONE = new RegExp(NOT_XML.source, 'u')

function textXml(text: string): string {
  return text
    .split(NOT_XML_SPLIT)
    .map((piece, i) =>
      i % 2 === 1 ? `<cp hex="${piece.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}"/>` : escapeXml(piece),
    )
    .join('')
}

const attr = (text: string) => escapeXml(text.replace(NOT_XML, '\uFFFD'), true)

/** An id as XLIFF's NMTOKEN: letters, digits, '_' and '-' kept, '/' as '.', anything else as `:hhhh`. Reversible. */
export function nmtoken(id: string): string {
  let out = ''
  for (let i = 0; i < id.length; i++) {
    const c = id[i]!
    if (/[A-Za-z0-9_-]/.test(c)) out += c
    else if (c === '/') out += '.'
    else out += ':' + id.charCodeAt(i).toString(16).padStart(4, '0')
  }
  return out
}

export function fromNmtoken(token: string): string {
  return token.replace(/:([0-9a-fA-F]{4})|\./g, (m, hex: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : '/',
  )
}

// ---- reading ----

class BadXliff extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

/** Reads an XLIFF 2.0 (or 2.1) file: every unit as a row, or why the whole file is refused. */
export function fromXliff(xml: string): ReadResult {
  let root: XmlElement
  try {
    root = readXml(xml)
  } catch (err) {
    if (err instanceof XmlError) return bad(err.message, err.line)
    throw err
  }
  try {
    if (root.local !== 'xliff') throw new BadXliff(`the root element is <${root.local}>, not <xliff>`, root.line)
    const version = root.attrs.version ?? ''
    if (root.uri !== XLIFF_NS || !/^2\.\d$/.test(version))
      throw new BadXliff(
        version.startsWith('1.')
          ? `this is XLIFF ${version}; export and import XLIFF 2.0`
          : `<xliff> is not XLIFF 2.0 (namespace ${root.uri || 'none'}, version ${version || 'none'})`,
        root.line,
      )
    const rows: ImportedRow[] = []
    for (const file of structure(root, ['file'])) {
      const flowId = file.attrs.original ?? (file.attrs.id ? fromNmtoken(file.attrs.id) : null)
      collectUnits(file, flowId, rows)
    }
    return {
      ok: true,
      texts: { format: 'xliff', source: root.attrs.srcLang ?? null, target: root.attrs.trgLang ?? null, rows },
    }
  } catch (err) {
    if (err instanceof BadXliff) return bad(err.message, err.line)
    throw err
  }
}

const bad = (message: string, line: number): ReadResult => ({
  ok: false,
  error: { code: 'translations.bad_file', message: `Not a valid XLIFF 2.0 file: ${message} (line ${line}).`, line },
})

/** The XLIFF children of a structure element, refusing stray text; `keep` names those returned. */
function structure(el: XmlElement, keep: string[]): XmlElement[] {
  const stray = strayText(el)
  if (stray !== null) throw new BadXliff(`text "${stray.trim().slice(0, 40)}" directly inside <${el.local}>`, el.line)
  return elementsOf(el).filter((c) => c.uri === XLIFF_NS && keep.includes(c.local))
}

function collectUnits(parent: XmlElement, flowId: string | null, rows: ImportedRow[]): void {
  for (const el of structure(parent, ['unit', 'group'])) {
    if (el.local === 'group') collectUnits(el, flowId, rows)
    else rows.push(readUnit(el, flowId))
  }
}

function readUnit(unit: XmlElement, flowId: string | null): ImportedRow {
  const token = unit.attrs.id
  if (!token) throw new BadXliff('a <unit> has no id', unit.line)
  const unitId = unit.attrs.name ?? fromNmtoken(token)
  const where = `unit '${unitId}' (line ${unit.line})`
  const parts = structure(unit, ['segment', 'ignorable'])
  if (!parts.some((p) => p.local === 'segment')) throw new BadXliff(`unit '${unitId}' has no <segment>`, unit.line)
  let source = ''
  let target = ''
  let translated = 0
  let untranslated = 0
  let problem: string | undefined
  // Placeholders by id, from the source: a tool writes the target's <ph> with the source's id, sometimes alone.
  const originals = new Map<string, string>()
  // Sources first, so a target's <ph> finds its original whichever segment of the unit the source holds it in.
  const pairs = parts.map((part) => {
    const inner = structure(part, ['source', 'target'])
    const src = inner.find((e) => e.local === 'source')
    if (!src) throw new BadXliff(`a <${part.local}> of unit '${unitId}' has no <source>`, part.line)
    const s = inlineText(src, originals, true)
    source += s.text
    problem ??= s.problem
    return { part, s, trg: inner.find((e) => e.local === 'target') }
  })
  for (const { part, s, trg } of pairs) {
    if (trg) {
      const t = inlineText(trg, originals, false)
      target += t.text
      problem ??= t.problem
      if (part.local === 'segment') translated++
    } else {
      // An <ignorable> without a target stands for itself (XLIFF 2.0, 4.2.2.3): whitespace between segments.
      if (part.local === 'ignorable') target += s.text
      else untranslated++
    }
  }
  if (translated && untranslated) problem ??= `${untranslated} of its segments have no translation`
  // An empty <target/> (a tool's placeholder for "not yet") is no translation, as an empty CSV cell is.
  const row: ImportedRow = { flowId, unitId, source, target: translated && target !== '' ? target : null, where }
  if (problem) row.problem = problem
  return row
}

/** The text of a <source> or <target>: text, <ph> as its original, <cp> as its character, <mrk> as its content. */
function inlineText(
  el: XmlElement,
  originals: Map<string, string>,
  isSource: boolean,
): { text: string; problem?: string } {
  let text = ''
  let problem: string | undefined
  const walk = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') {
        text += child
        continue
      }
      const name = child.uri === XLIFF_NS ? child.local : `${child.local} (${child.uri || 'no namespace'})`
      if (name === 'ph') {
        const id = child.attrs.id ?? ''
        const original = (isSource ? undefined : originals.get(id)) ?? child.attrs.equiv ?? child.attrs.disp
        if (original === undefined) {
          problem ??= `a placeholder (<ph id="${id}">) that is not one of the source's`
          continue
        }
        if (isSource && id) originals.set(id, original)
        text += original
      } else if (name === 'cp') {
        const code = parseInt(child.attrs.hex ?? '', 16)
        if (!/^[0-9a-fA-F]{1,6}$/.test(child.attrs.hex ?? '') || code > 0x10ffff)
          throw new BadXliff(`<cp hex="${child.attrs.hex ?? ''}"> is not a code point`, child.line)
        text += String.fromCodePoint(code)
      } else if (name === 'mrk') walk(child)
      else if (name === 'sm' || name === 'em') continue
      else problem ??= `an inline element <${name}> this studio does not write (only text and placeholders)`
    }
  }
  walk(el)
  return problem ? { text, problem } : { text }
}
