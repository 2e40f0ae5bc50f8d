// What a runtime accepts as a publish, shared by every store (the studio's SQLite, PostgreSQL) and by callees.ts.
import { loadFlow } from '../../../shared/nodes/load-flow'
import { validateFlow } from '../../../shared/analysis'
import type { FlowDocument } from '../../../shared/flow'
import { ApiFailure } from '../failure'

/**
 * What a runtime accepts as a publish: the document migrated and schema-checked, with no validation error.
 * Throws ApiFailure('invalid_flow') with JSON-pointer issues otherwise. Every store (SQLite, PostgreSQL) uses it.
 */
export function checkPublishable(input: unknown): FlowDocument {
  const loaded = loadFlow(input)
  if (!loaded.ok)
    throw new ApiFailure('invalid_flow', loaded.error.message, [
      { path: pathOf(loaded.error.pointer), message: loaded.error.message },
    ])
  const problems = validateFlow(loaded.document).filter((p) => p.severity === 'error')
  if (problems.length)
    throw new ApiFailure(
      'invalid_flow',
      `The flow has ${problems.length} error${problems.length === 1 ? '' : 's'}: ${problems
        .slice(0, 3)
        .map((p) => p.message)
        .join(' ')}`,
      problems.map((p) => ({ path: pathOf(p.pointer), message: p.message })),
    )
  return loaded.document
}

const pathOf = (pointer: string | undefined) => (pointer ? pointer.split('/').slice(1) : [])
