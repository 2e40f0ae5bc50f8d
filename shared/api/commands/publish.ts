import { z } from 'zod'
import { returns } from '../define'

// The runtime side of publishing (docs/publish-api.md): `chatflow serve` turns its HTTP publish API into these
// commands, so versions are kept by the same back end that runs the flows.

export interface PublishedVersion {
  flowId: string
  version: number
  name: string
  publishedAt: number
  /** The version the runtime runs now. */
  active: boolean
}

const FlowId = z.string().min(1).max(200)

export const publishCommands = {
  /** Checks a flow document (errors refuse it), stores it as the flow's next version and runs it. */
  'publish.receive': { req: z.object({ document: z.unknown() }), res: returns<PublishedVersion>() },
  'publish.versions': { req: z.object({ flowId: FlowId }), res: returns<PublishedVersion[]>() },
  'publish.rollback': { req: z.object({ flowId: FlowId, version: z.number().int().min(1) }), res: returns<PublishedVersion>() },
}
