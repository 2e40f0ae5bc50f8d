import type { FlowDocument } from '../../../shared/flow/document'
import { exportTranslations, importTranslations, type TranslationsError } from '../../../shared/translate/flow-files'
import { ApiFailure } from '../../services/failure'
import { flowStore } from '../../services/store/flows'
import type { AreaHandlers, HandlerContext } from './types'

// Translations in and out (shared/api/commands/translations.ts): the work is shared/translate's; here the flows are
// read from the store (the open one as the editor holds it) and a refusal of the whole request becomes an
// ApiFailure with its stable code. Nothing here writes: the editor applies an import as one undo step.

export const translationsHandlers: AreaHandlers<'translations'> = {
  'translations.export': (req, ctx) => {
    const docs = req.flowIds.map((id) =>
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
}

const stored = (ctx: HandlerContext, id: string): FlowDocument => ctx.service(flowStore).get(id).document

function failure(error: TranslationsError): ApiFailure {
  const issues = error.line !== undefined ? [{ path: ['text'], message: error.message }] : undefined
  return new ApiFailure(error.code, error.message, issues)
}
