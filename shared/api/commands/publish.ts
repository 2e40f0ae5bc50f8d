import { z } from 'zod'
import { identifier } from '../../text/identifier'
import type { FlowComparison } from '../../diff/types'
import { returns } from '../define'
import { DESCRIPTION_MAX, RevisionLabelSchema } from './revisions'

// The runtime side of publishing (docs/publish-api.md): `chatflow serve` turns its HTTP publish API into these
// commands, so versions are kept by the same back end that runs the flows.

export interface PublishedVersion {
  flowId: string
  version: number
  name: string
  publishedAt: number
  /** The version the runtime runs now. */
  active: boolean
  /** A publish's answer: the versions of the flows it calls that this version runs (pinned), sent or already there. */
  dependencies?: PublishedDependency[]
}

/** A flow a published version calls, at the version it was published with. */
export interface PublishedDependency {
  flowId: string
  name: string
  version: number
  /** That version was stored already (same document, same callees): no new version was made for it. */
  reused: boolean
}

const FlowId = z.string().min(1).max(200)

/** What the Publish dialog shows before a publish: errors block it; warnings and untested branches do not. */
export interface PublishPreview {
  /** The revision a publish would send, with its name: publishing names it (`${server} v${version}` when unnamed). */
  revision: { revision: number; label: string | null; description: string | null }
  errors: string[]
  warnings: string[]
  /** Branches no counted run has taken (docs/coverage.md). */
  untested: Array<{ nodeName: string; portLabel: string; connected: boolean }>
  coverage: { covered: number; total: number; percent: number }
  changes: {
    /** The server's running version the changes are counted from; null when there is none to compare with. */
    since: number | null
    /** The name of the revision that version was published from, when this studio published it and it has one. */
    sinceLabel: string | null
    /** One readable line per change (shared/diff/summary.ts). */
    lines: string[]
    /** The whole comparison of the running version with the flow (shared/diff), for a closer look. */
    comparison: FlowComparison | null
    /** Why there is no comparison, or that nothing changed. */
    note: string | null
  }
  /**
   * The flows it calls, sent with it (docs/publish-api.md, "Callees"), each with its changes since the latest version
   * the server holds of it: the one this publish reuses when nothing changed. Absent or empty: it calls none.
   */
  dependencies?: PublishDependencyPreview[]
}

export interface PublishDependencyPreview {
  flowId: string
  name: string
  /** The server's latest version of it, compared with; null when it has none (or it could not be read). */
  since: number | null
  lines: string[]
  note: string | null
}

/** A production server as the studio lists it; the key itself never leaves the back end. */
export interface PublishServer {
  id: string
  name: string
  baseUrl: string
  /** How the key is kept: encrypted by the OS key store, or with the data folder's secrets key (browser host, CLI);
   *  'plain' only until a studio of this version starts on a database an older one wrote. */
  keyStorage: 'safeStorage' | 'keyFile' | 'plain'
}

const ServerInput = z.object({
  id: z.string().min(1).optional(),
  name: identifier(z.string().trim().min(1).max(80), 'A server name'),
  baseUrl: z.url({ protocol: /^https?$/ }).describe('e.g. https://bots.example.com/api/v1'),
  /** Omitted when editing keeps the saved key. */
  key: z.string().min(16).max(512).optional(),
})

export const publishCommands = {
  /** Checks a flow document (errors refuse it), stores it as the flow's next version and runs it. */
  /** `dependencies`: the documents of the flows it calls, transitively (docs/publish-api.md, "Callees"). */
  /** `library`: the templates and catalogue products the flow uses (checked by the back end; docs/publish-api.md). */
  'publish.receive': {
    req: z.object({ document: z.unknown(), library: z.unknown().optional(), dependencies: z.unknown().optional() }),
    res: returns<PublishedVersion>(),
  },
  'publish.versions': { req: z.object({ flowId: FlowId }), res: returns<PublishedVersion[]>() },
  'publish.rollback': {
    req: z.object({ flowId: FlowId, version: z.number().int().min(1) }),
    res: returns<PublishedVersion>(),
  },
  // The studio side: servers in settings, and publishing to them.
  'publish.servers.list': { req: z.object({}), res: returns<{ servers: PublishServer[]; keyStorage: string }>() },
  'publish.servers.save': { req: ServerInput, res: returns<PublishServer>() },
  'publish.servers.delete': { req: z.object({ id: z.string().min(1) }), res: returns<{ id: string }>() },
  /** Validates the stored flow (errors block, nothing sent), then publishes it; warnings come back. */
  'publish.send': {
    req: z.object({
      serverId: z.string().min(1),
      flowId: FlowId,
      /** Names the revision published (kept from pruning); without one an unnamed revision is named for the server. */
      label: RevisionLabelSchema.optional(),
      description: z.string().trim().max(DESCRIPTION_MAX).optional(),
    }),
    res: returns<{ version: PublishedVersion; warnings: string[] }>(),
  },
  /** Before publishing: validation, untested branches, and the changes since the version the server runs. */
  'publish.preview': { req: z.object({ serverId: z.string().min(1), flowId: FlowId }), res: returns<PublishPreview>() },
  'publish.remote.versions': {
    req: z.object({ serverId: z.string().min(1), flowId: FlowId }),
    res: returns<PublishedVersion[]>(),
  },
  'publish.remote.rollback': {
    req: z.object({ serverId: z.string().min(1), flowId: FlowId, version: z.number().int().min(1) }),
    res: returns<PublishedVersion>(),
  },
}
