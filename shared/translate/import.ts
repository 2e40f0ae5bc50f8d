// Applying a translator's file to a flow (docs/languages.md, "Translations in and out"): every row is checked
// against the flow's text it names, the good ones are applied, and the others are refused one by one with the node
// and field named, so one broken row never costs the rest of the file and nothing already in the flow is lost (an
// empty target leaves the flow's translation as it is). Pure: the caller decides whether to keep the document.
import type { FlowDocument } from '../flow/document'
import { flowLanguages, languageLabel } from '../flow/languages'
import { setTranslation, translationOf } from '../flow/translations'
import { TRANSLATION_TEXT_MAX } from '../flow/translations-schema'
import { placeholderChanges, placeholdersOf } from '../analysis/translations'
import { charCount } from './parts'
import type { TextUnit } from '../analysis/translations'
import type { ImportedRow, ImportedTexts, ImportReport, Refusal, RefusalCode, ReportRow } from './types'

export function applyTranslations(
  doc: FlowDocument,
  units: readonly TextUnit[],
  imported: ImportedTexts,
  target: string,
): { doc: FlowDocument; report: ImportReport } {
  const byId = new Map(units.map((u) => [u.id, u]))
  const seen = new Map<string, string>()
  const report: ImportReport = { language: target, changed: [], unchanged: 0, missing: [], refused: [], otherFlows: 0 }
  const defaultName = languageLabel(flowLanguages(doc).default)
  let out = doc
  for (const row of imported.rows) {
    if (row.flowId !== null && row.flowId !== doc.id) {
      report.otherFlows++
      continue
    }
    const unit = byId.get(row.unitId)
    if (!unit) {
      refuse(
        report,
        fileRow(row),
        'unknown_unit',
        `${row.where}: this flow has no text '${row.unitId}' (its node was deleted, or the field is gone); not applied.`,
      )
      continue
    }
    const at = reportRow(unit, row)
    const name = `Node '${unit.nodeName}', ${unit.label} (${row.where})`
    const first = seen.get(unit.id)
    if (first !== undefined) {
      refuse(
        report,
        at,
        'duplicate',
        `${name}: the file translates this text twice; the first one (${first}) is applied.`,
      )
      continue
    }
    seen.set(unit.id, row.where)
    if (row.problem) {
      refuse(report, at, 'placeholders', `${name}: the translation holds ${row.problem}; not applied.`)
      continue
    }
    if (row.target === null) {
      // No translation in the file: the flow's stays (unchanged); a text without one is listed as missing below.
      if (translationOf(out, target, unit.nodeId, unit.pointer)) report.unchanged++
      continue
    }
    if (row.source !== null && lf(row.source) !== lf(unit.source)) {
      refuse(
        report,
        at,
        'source_changed',
        `${name}: the ${defaultName} text changed since the file was made (it was "${clip(row.source)}", it is now "${clip(unit.source)}"); translate the new text.`,
      )
      continue
    }
    const placeholders = comparePlaceholders(unit.source, row.target)
    if (placeholders) {
      refuse(report, at, 'placeholders', `${name}: ${placeholders}; not applied.`)
      continue
    }
    const length = charCount(row.target)
    const limit = Math.min(unit.limit ?? TRANSLATION_TEXT_MAX, TRANSLATION_TEXT_MAX)
    if (length > limit) {
      const who =
        unit.limit !== null && unit.limit <= TRANSLATION_TEXT_MAX ? 'the channel allows' : 'a translation may hold'
      refuse(report, at, 'limit', `${name}: the translation has ${length} characters; ${who} at most ${limit}.`)
      continue
    }
    const before = translationOf(out, target, unit.nodeId, unit.pointer)
    // The same text as the flow's is unchanged, an outdated one included: the export carries an outdated
    // translation as the target to show the translator, and one sent back untouched was not brought up to date.
    if (before && before.text === row.target) {
      report.unchanged++
      continue
    }
    out = setTranslation(out, target, unit.nodeId, unit.pointer, row.target, unit.source)
    report.changed.push({ ...at, previous: before?.text ?? null })
  }
  for (const unit of units)
    if (!translationOf(out, target, unit.nodeId, unit.pointer)) report.missing.push(reportRow(unit, null))
  return { doc: out, report }
}

/**
 * What is wrong with the target's placeholders, or null: it must hold each of the source's, as often, in any order
 * (spaces inside the braces do not count): validation's rule (placeholderChanges), so an import never lets in a
 * translation that validation then calls an error.
 */
export function comparePlaceholders(source: string, target: string): string | null {
  const { dropped, added } = placeholderChanges(source, target)
  if (!dropped.length && !added.length) return null
  const want = placeholdersOf(source)
  const list = (xs: string[]) => xs.join(', ')
  const what = [
    ...(dropped.length ? [`drops ${list(dropped)}`] : []),
    ...(added.length
      ? [`${dropped.length ? 'writes' : 'adds'} ${list(added)}${dropped.length ? ' instead' : ''}`]
      : []),
  ]
  return `the translation ${what.join(' and ')} (it must keep the placeholders of the source as they are: ${want.length ? list(want) : 'none'})`
}

function refuse(report: ImportReport, row: ReportRow, code: RefusalCode, message: string): void {
  const refusal: Refusal = { row, code, message }
  report.refused.push(refusal)
}

function reportRow(unit: TextUnit, row: ImportedRow | null): ReportRow {
  return {
    unitId: unit.id,
    nodeId: unit.nodeId,
    nodeName: unit.nodeName,
    field: unit.label,
    pointer: unit.pointer,
    limit: unit.limit,
    source: unit.source,
    target: row?.target ?? null,
    where: row?.where ?? '',
  }
}

/** A row naming no text of the flow, described from the file alone. */
function fileRow(row: ImportedRow): ReportRow {
  const slash = row.unitId.indexOf('/')
  return {
    unitId: row.unitId,
    nodeId: slash < 0 ? row.unitId : row.unitId.slice(0, slash),
    nodeName: '',
    field: '',
    pointer: slash < 0 ? '' : row.unitId.slice(slash),
    limit: null,
    source: row.source ?? '',
    target: row.target,
    where: row.where,
  }
}

const lf = (s: string) => s.replace(/\r\n/g, '\n')
const clip = (s: string) => (charCount(s) > 60 ? [...s].slice(0, 57).join('') + '…' : s)
