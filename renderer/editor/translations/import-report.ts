import type { FlowDocument } from '../../../shared/flow/document'
import { setTranslation } from '../../../shared/flow/translations'
import type { ImportReport } from '../../../shared/translate/types'
import { languageLabel } from '../languages'

// What an imported translation file does to the open flow (docs/languages.md, "Translations in and out"): the back
// end reads the file and reports without writing (translations.import); the editor applies the report's changed
// rows to the document it holds now, one setTranslation each, so nothing else of the document is replaced, and the
// whole import is one undo step.

/** The document with the report's changed translations in it. */
export function applyImport(doc: FlowDocument, report: ImportReport): FlowDocument {
  let next = doc
  for (const row of report.changed)
    if (row.target) next = setTranslation(next, report.language, row.nodeId, row.pointer, row.target, row.source)
  return next
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** 'Spanish (es): 2 translations to change, 5 unchanged, 1 refused, 3 still missing.' */
export function reportSummary(report: ImportReport): string {
  const parts = [
    count(report.changed.length, 'translation') + ' to change',
    `${report.unchanged} unchanged`,
    `${report.refused.length} refused`,
    `${report.missing.length} still missing`,
  ]
  if (report.otherFlows) parts.push(`${count(report.otherFlows, 'row')} for other flows left alone`)
  return `${languageLabel(report.language)}: ${parts.join(', ')}.`
}
