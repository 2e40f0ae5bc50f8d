// CSV (RFC 4180) for translators who work in a spreadsheet: one row per customer text, the header
// `id,node,field,limit,source:<lang>,target:<lang>,flow`. Fields holding a comma, a quote, a line break or
// surrounding spaces are quoted; placeholders stay as written (a spreadsheet has no way to protect them), and the
// import checks them. Written with a byte-order mark and CRLF between rows, as spreadsheet programs expect.
// Reading is strict about the structure (an unclosed quote, a row with the wrong number of fields: the whole file is
// refused with the line) and lenient about what spreadsheets do to it: a BOM or none, CRLF or LF, a `;` or tab
// separator (spreadsheets in locales with a decimal comma save so), columns in any order, extra columns ignored.
import type { TextUnit } from '../analysis/translations'
import type { FlowTexts } from './xliff'
import type { ImportedRow, ReadResult } from './types'

const COLUMNS = ['id', 'node', 'field', 'limit', 'source', 'target', 'flow'] as const

export function toCsv(units: TextUnit[], target: string, opts: { source: string; flowId: string }): string {
  return toCsvSet([{ flowId: opts.flowId, flowName: '', units }], { source: opts.source, target })
}

export function toCsvSet(flows: FlowTexts[], opts: { source: string; target: string }): string {
  const header = ['id', 'node', 'field', 'limit', `source:${opts.source}`, `target:${opts.target}`, 'flow']
  const rows = [header.map(csvField).join(',')]
  for (const flow of flows)
    for (const u of flow.units) {
      const t = u.translations[opts.target]
      const fields = [
        u.id,
        u.nodeName,
        u.label,
        u.limit === null ? '' : String(u.limit),
        u.source,
        t?.text ?? '',
        flow.flowId,
      ]
      rows.push(fields.map(csvField).join(','))
    }
  return '\uFEFF' + rows.join('\r\n') + '\r\n'
}

/** One CSV field, quoted when it holds a separator, a quote, a line break or surrounding spaces. */
export function csvField(value: string): string {
  return /[",\r\n;\t]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Reads a CSV translation file: one row per record, or why the whole file is refused. */
export function fromCsv(text: string): ReadResult {
  const input = text.replace(/^\uFEFF/, '')
  const firstLine = input.slice(0, input.search(/\r?\n|$/))
  const separator = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ','
  const records = parseRecords(input, separator)
  if (!records.ok) return bad(records.message, records.line)
  const [head, ...body] = records.records
  if (!head) return bad('the file is empty', 1)
  const names = head.fields.map((f) => f.trim().toLowerCase())
  const find = (name: (typeof COLUMNS)[number]) => names.findIndex((n) => n === name || n.startsWith(name + ':'))
  const col = Object.fromEntries(COLUMNS.map((c) => [c, find(c)])) as Record<(typeof COLUMNS)[number], number>
  if (col.id < 0 || col.target < 0)
    return bad(
      `the first line must name the columns, with at least 'id' and 'target' (it reads "${firstLine.slice(0, 80)}")`,
      1,
    )
  const lang = (i: number) => (i >= 0 ? head.fields[i]!.trim().split(':')[1]?.trim() || null : null)
  const rows: ImportedRow[] = []
  for (const r of body) {
    if (r.fields.length === 1 && r.fields[0] === '') continue // a blank line
    if (r.fields.length !== head.fields.length)
      return bad(`this row has ${r.fields.length} fields where the header has ${head.fields.length}`, r.line)
    const get = (i: number) => (i >= 0 ? r.fields[i]! : null)
    const unitId = get(col.id)!.trim()
    if (!unitId) return bad("this row has no 'id'", r.line)
    const target = get(col.target)!
    rows.push({
      flowId: get(col.flow)?.trim() || null,
      unitId,
      source: get(col.source),
      target: target === '' ? null : target,
      where: `line ${r.line}`,
    })
  }
  return { ok: true, texts: { format: 'csv', source: lang(col.source), target: lang(col.target), rows } }
}

const bad = (message: string, line: number): ReadResult => ({
  ok: false,
  error: { code: 'translations.bad_file', message: `Not a valid translation CSV: ${message} (line ${line}).`, line },
})

export interface CsvRecord {
  fields: string[]
  /** The line the record starts on. */
  line: number
}

/** RFC 4180 records, each with the line it starts on (shared with the contacts import, shared/broadcast/contacts-csv.ts). */
export function parseRecords(
  text: string,
  sep: string,
): { ok: true; records: CsvRecord[] } | { ok: false; message: string; line: number } {
  const records: CsvRecord[] = []
  let line = 1
  let i = 0
  while (i < text.length) {
    const start = line
    const fields: string[] = []
    for (;;) {
      let value = ''
      if (text[i] === '"') {
        const opened = line
        i++
        for (;;) {
          if (i >= text.length) return { ok: false, message: 'a quoted field is never closed', line: opened }
          const c = text[i]!
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"'
              i += 2
              continue
            }
            i++
            break
          }
          if (c === '\r' && text[i + 1] === '\n') {
            // A line break inside a field, saved as CRLF by the spreadsheet: the flow's texts use LF.
            value += '\n'
            i += 2
            line++
            continue
          }
          if (c === '\n') line++
          value += c
          i++
        }
        const next = text[i]
        if (next !== undefined && next !== sep && next !== '\n' && next !== '\r')
          return { ok: false, message: `text after a closing quote (${JSON.stringify(text.slice(i, i + 10))})`, line }
      } else {
        while (i < text.length && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r') {
          if (text[i] === '"')
            return {
              ok: false,
              message:
                'a quote inside a field that does not start with one; quote the whole field and double the quote',
              line,
            }
          value += text[i]
          i++
        }
      }
      fields.push(value)
      if (text[i] === sep) {
        i++
        continue
      }
      break
    }
    if (text[i] === '\r') i++
    if (text[i] === '\n') i++
    line++
    records.push({ fields, line: start })
  }
  return { ok: true, records }
}
