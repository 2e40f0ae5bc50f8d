import { ApiFailure } from '../../services/failure'
import { applyImport, findConflicts } from '../../services/transfer/apply'
import { exportBundle } from '../../services/transfer/export'
import { formatProblem, readImportFile } from '../../services/transfer/read'
import { breakpointsForExport, breakpointsFromImport } from '../breakpoints/transfer'
import type { AreaHandlers } from './types'

export const transferHandlers: AreaHandlers<'transfer'> = {
  'transfer.export': (req, ctx) => {
    const out = exportBundle(ctx.db, {
      ...req,
      breakpointsOf: req.includeBreakpoints ? breakpointsForExport(ctx.db) : undefined,
    })
    const one =
      req.flowIds.length === 1
        ? (ctx.db.prepare('SELECT name FROM flows WHERE id = ?').pluck().get(req.flowIds[0]) as string)
        : null
    const base = one
      ? one
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'flow'
      : 'flows'
    return { ...out, fileName: `${base}.chatflow.json` }
  },
  'transfer.inspect': (req, ctx) => {
    const read = readImportFile(req.fileName, req.text)
    if (!read.ok)
      return { problems: read.problems, kind: null, flows: [], dependencies: [], conflicts: [], secrets: [] }
    const flows = read.content.flows.map((f) => ({ id: f.document.id, name: f.document.name }))
    const dependencies = read.content.dependencies.map((d) => ({ id: d.id, name: d.name }))
    const secrets = read.content.flows.filter((f) => f.webhookSecret).map((f) => f.document.id)
    return {
      problems: [],
      kind: read.content.kind,
      flows,
      dependencies,
      conflicts: findConflicts(ctx.db, read.content),
      secrets,
    }
  },
  'transfer.import': (req, ctx) => {
    const read = readImportFile(req.fileName, req.text)
    if (!read.ok)
      throw new ApiFailure(
        'invalid_file',
        `${req.fileName} cannot be imported; nothing was changed. ${read.problems.slice(0, 3).map(formatProblem).join(' ')}`,
        read.problems.map((p) => ({ path: [p.file, p.path], message: p.message })),
      )
    const outcomes = applyImport(
      ctx.db,
      read.content,
      (c) => req.choices[c.flowId] ?? req.onConflict,
      ctx.now,
      req.applySecrets,
      breakpointsFromImport(ctx.db),
    )
    for (const o of outcomes)
      if (o.storedId) ctx.emit('flows.changed', { id: o.storedId, kind: o.action === 'replaced' ? 'saved' : 'created' })
    return { outcomes }
  },
}
