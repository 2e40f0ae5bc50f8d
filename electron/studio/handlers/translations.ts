import type { FlowDocument } from '../../../shared/flow/document'
import {
  applyImported,
  exportTranslations,
  importTranslations,
  type TranslationsError,
} from '../../../shared/translate/flow-files'
import { readTranslationFile } from '../../../shared/translate/read'
import { ApiFailure } from '../../services/failure'
import { flowStore } from '../../services/store/flows'
import type { AreaHandlers, HandlerContext } from './types'

// Translations in and out (shared/api/commands/translations.ts): the work is shared/translate's; here the flows are
// read from the store (the open one as the editor holds it) and a refusal of the whole request becomes an
// ApiFailure with its stable code. Nothing here writes: the editor applies an import as one undo step.

export const translationsHandlers: AreaHandlers<'translations'> = {
  'translations.export': (req, ctx) => {
    const docs = [...new Set(req.flowIds)].map((id) =>
      req.document && req.document.id === id ? (req.document as FlowDocument) : stored(ctx, id),
    )
    const out = exportTranslations(docs, req.language, req.format)
    if (!out.ok) throw failure(out.error)
    return { text: out.text, fileName: out.fileName, language: out.language, flows: out.flows, units: out.units }
  },
  'translations.import': (req, ctx) => {
    const doc = req.document ? (req.document as FlowDocument) : stored(ctx, req.flowId!)
    const out = importTranslations(doc, req.fileName, req.text, req.language)
    if (!out.ok) throw failure(out.error)
    return { format: out.format, language: out.report.language, report: out.report, document: out.doc }
  },
  'translations.importFlows': (req, ctx) => {
    const read = readTranslationFile(req.fileName, req.text)
    if (!read.ok) throw failure(read.error)
    const store = ctx.service(flowStore)
    const named = [...new Set(read.texts.rows.flatMap((r) => (r.flowId === null ? [] : [r.flowId])))]
    const stored = new Map(store.documents().map((d) => [d.id, d]))
    const flows = named.flatMap((id) => {
      const doc = stored.get(id)
      if (!doc) return []
      const out = applyImported(doc, req.fileName, read.texts, req.language)
      return [{ doc, out }]
    })
    const toWrite = flows.flatMap(({ doc, out }) =>
      out.ok && out.report.changed.length ? [{ doc, next: out.doc }] : [],
    )
    if (req.write && toWrite.length) {
      // All or none: one transaction around the flows' revisions.
      const saved = ctx.db.transaction(() =>
        toWrite.map(({ doc, next }) => store.change(doc.id, 'translations', () => next)),
      )()
      for (const s of saved) ctx.emit('flows.changed', { id: s.id, kind: 'saved', revision: s.revision })
    }
    return {
      format: read.texts.format,
      flows: flows.map(({ doc, out }) =>
        out.ok
          ? {
              flowId: doc.id,
              name: doc.name,
              ok: true as const,
              report: out.report,
              written: req.write && out.report.changed.length > 0,
            }
          : {
              flowId: doc.id,
              name: doc.name,
              ok: false as const,
              error: { code: out.error.code, message: out.error.message },
            },
      ),
      unknownFlows: named.filter((id) => !stored.has(id)),
      unplaced: read.texts.rows.filter((r) => r.flowId === null).length,
    }
  },
}

const stored = (ctx: HandlerContext, id: string): FlowDocument => ctx.service(flowStore).get(id).document

function failure(error: TranslationsError): ApiFailure {
  const issues = error.line !== undefined ? [{ path: ['text'], message: error.message }] : undefined
  return new ApiFailure(error.code, error.message, issues)
}
