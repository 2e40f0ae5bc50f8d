import { z } from 'zod'
import type { FlowDocument } from '../../flow/document'
import { KnownFlowDocumentSchema } from '../../nodes/schema'
import type { ImportReport } from '../../translate/types'
import { returns } from '../define'
import { JSON_LIMITS } from '../../json/bounds'
import { FlowIdSchema } from './flows'

// A flow's customer texts out to translators and back (docs/languages.md, "Translations in and out"): XLIFF 2.0 or
// CSV. The file travels as text, as Import's does: the browser host has no file system of its own. Failures of a
// whole request carry a stable code: translations.bad_file (with the line), translations.too_large,
// translations.unknown_language, translations.default_language, translations.mixed_languages,
// translations.no_language, translations.wrong_language.

export const TranslationFormatSchema = z.enum(['xliff', 'csv'])
const LanguageSchema = z.string().trim().min(1).max(35)

export type { ImportReport }

export const translationsCommands = {
  /**
   * The texts of one or more flows for translation into `language` (a tag of the flows' languages; 'es' finds a
   * flow's 'es-MX'), with the translations they already have. `document`: the open flow as the editor holds it,
   * used in place of the stored one with its id (unsaved edits count); the other flows are read as stored.
   */
  'translations.export': {
    req: z.object({
      flowIds: z.array(FlowIdSchema).min(1).max(1000),
      language: LanguageSchema,
      format: TranslationFormatSchema,
      document: KnownFlowDocumentSchema.optional(),
    }),
    res: returns<{ text: string; fileName: string; language: string; flows: number; units: number }>(),
  },
  /**
   * Reads a translation file against a flow and says what it would do, writing nothing: the report, and the document
   * with the good rows applied. The studio shows the report and, when the user applies it, puts `document` in the
   * editor as one undo step (saved as any edit). `document`: the open flow as the editor holds it; else the stored
   * flow `flowId`. `language`: when given, the file must be in it; else the file's own (XLIFF trgLang, CSV
   * `target:<lang>`).
   */
  'translations.import': {
    req: z
      .object({
        fileName: z.string().min(1).max(255),
        text: z.string().max(JSON_LIMITS.socketMessageBytes),
        language: LanguageSchema.optional(),
        flowId: FlowIdSchema.optional(),
        document: KnownFlowDocumentSchema.optional(),
      })
      .refine((r) => r.flowId !== undefined || r.document !== undefined, {
        message: 'Name the flow (flowId) or give its document.',
      }),
    res: returns<{
      format: 'xliff' | 'csv'
      language: string
      report: ImportReport
      /** The flow with the report's `changed` rows applied (the same document when nothing changed). */
      document: FlowDocument
    }>(),
  },
  /**
   * A file of several flows (an export of a set) read against every stored flow it names: a report per flow, and with
   * `write` the flows with accepted rows saved, each as a revision ('translations'), all or none. Without `write`,
   * nothing is saved: the dialog shows the reports first. Rows that name no flow (a CSV without its `flow` column)
   * are counted in `unplaced`; flows the file names that the studio does not have are listed in `unknownFlows`.
   */
  'translations.importFlows': {
    req: z.object({
      fileName: z.string().min(1).max(255),
      text: z.string().max(JSON_LIMITS.socketMessageBytes),
      language: LanguageSchema.optional(),
      write: z.boolean().default(false),
    }),
    res: returns<{
      format: 'xliff' | 'csv'
      flows: Array<
        | { flowId: string; name: string; ok: true; report: ImportReport; written: boolean }
        | { flowId: string; name: string; ok: false; error: { code: string; message: string } }
      >
      unknownFlows: string[]
      unplaced: number
    }>(),
  },
}
