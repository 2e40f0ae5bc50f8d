// The shapes translations travel in between a flow and a translator's file (docs/languages.md, "Translations in and
// out"): what a file carries once read (ImportedTexts), and what applying it did (ImportReport).

/** One text as a translation file carries it, read but not yet checked against the flow. */
export interface ImportedRow {
  /** The flow the file says the text belongs to (XLIFF `<file original>`, the CSV `flow` column); null: not said. */
  flowId: string | null
  /** TextUnit.id: `${nodeId}${pointer}`. */
  unitId: string
  /** The default-language text the file was made from; null when the file does not carry it. */
  source: string | null
  /** The translation; null when the file has none for this text (an empty target). */
  target: string | null
  /** Where in the file, for messages: `line 12` (CSV) or `unit 'n_1/body', line 40` (XLIFF). */
  where: string
  /** Set when the target cannot be read as a translation (an inline element that is not a placeholder). */
  problem?: string
}

export interface ImportedTexts {
  format: 'xliff' | 'csv'
  /** The source and target languages the file states (XLIFF srcLang/trgLang, CSV `source:en`/`target:es`). */
  source: string | null
  target: string | null
  rows: ImportedRow[]
}

/** Why a whole file is refused: nothing of it is applied. */
export interface TranslationFileError {
  code: 'translations.bad_file' | 'translations.too_large'
  message: string
  /** The line (1-based) where the file goes wrong, when known. */
  line?: number
}

export type ReadResult = { ok: true; texts: ImportedTexts } | { ok: false; error: TranslationFileError }

/** A text of the flow, as the import report names it. */
export interface ReportRow {
  unitId: string
  nodeId: string
  nodeName: string
  /** The field's label, e.g. 'Body' or 'Button 2 title'. */
  field: string
  pointer: string
  limit: number | null
  /** The default-language text now in the flow. */
  source: string
  /** The translation the file gives (null: none), or, for `missing`, null. */
  target: string | null
  /** The translation the flow had before (changed rows), or null. */
  previous?: string | null
  /** Where in the file (empty for a text the file does not carry). */
  where: string
}

export type RefusalCode = 'placeholders' | 'limit' | 'unknown_unit' | 'source_changed' | 'duplicate'

export interface Refusal {
  /** The flow's text when the file's row names one, else a row built from the file alone. */
  row: ReportRow
  code: RefusalCode
  /** Names the node and the field: "Node 'welcome', Body: the translation drops {{name}}." */
  message: string
}

export interface ImportReport {
  language: string
  /** Translations added or replaced. */
  changed: ReportRow[]
  /** Rows whose translation was already the flow's. */
  unchanged: number
  /** Texts of the flow with no translation after the import (left out of the file, or an empty target). */
  missing: ReportRow[]
  /** Rows not applied, each with the reason; the rest of the file is applied all the same. */
  refused: Refusal[]
  /** Rows the file gives for other flows (a file exported from a set of flows): not this flow's, left alone. */
  otherFlows: number
}
