import { FLOW_FORMAT, FLOW_FORMAT_NAME, FLOW_FORMAT_VERSION } from './document'

// Documents of older formats are brought forward one version at a time before they are parsed.
// Version 0 is the pre-release sketch: no `format` field, edges written the React Flow way (`sourceHandle`),
// no `samples`, no `webhookSecretRef`, and sometimes no `active`.

export type MigrateResult =
  | { ok: true; value: Record<string, unknown>; from: number }
  | { ok: false; code: 'format.newer' | 'format.unknown' | 'format.not_object'; message: string }

type Step = (doc: Record<string, unknown>) => Record<string, unknown>

const STEPS: Record<number, Step> = {
  0: (doc) => ({
    ...doc,
    format: `${FLOW_FORMAT_NAME}/1`,
    active: typeof doc.active === 'boolean' ? doc.active : false,
    edges: Array.isArray(doc.edges) ? doc.edges.map(migrateEdge0) : doc.edges,
    samples: doc.samples ?? {},
    webhookSecretRef: doc.webhookSecretRef ?? null,
  }),
}

function migrateEdge0(edge: unknown): unknown {
  if (edge === null || typeof edge !== 'object') return edge
  const { sourceHandle, ...rest } = edge as Record<string, unknown>
  if ('sourcePort' in rest) return rest
  return { ...rest, sourcePort: typeof sourceHandle === 'string' && sourceHandle ? sourceHandle : 'out' }
}

/** Reads the version out of the `format` field: undefined → 0 (the sketch), 'chatflow.flow/N' → N. */
export function formatVersion(format: unknown): number | null {
  if (format === undefined) return 0
  if (typeof format !== 'string') return null
  const m = /^chatflow\.flow\/(\d+)$/.exec(format)
  return m ? Number(m[1]) : null
}

export function migrate(input: unknown): MigrateResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return {
      ok: false,
      code: 'format.not_object',
      message: 'This is not a Chatflow flow: the file must hold a JSON object.',
    }
  let doc = input as Record<string, unknown>
  const from = formatVersion(doc.format)
  if (from === null)
    return {
      ok: false,
      code: 'format.unknown',
      message:
        typeof doc.format === 'string' && doc.format.startsWith('chatflow.bundle/')
          ? `This is a Chatflow bundle (${doc.format}), not a single flow; import it with \`chatflow import\` or the studio's Import.`
          : `This is not a Chatflow flow: format '${String(doc.format)}' is unknown (expected '${FLOW_FORMAT}').`,
    }
  // Without a format the object is read as the version-0 sketch, which always had a node list; any other JSON
  // object (a package.json, a bundle's library) would otherwise be reported as a flow missing its id.
  if (from === 0 && !Array.isArray(doc.nodes))
    return {
      ok: false,
      code: 'format.unknown',
      message: `This is not a Chatflow flow: it has no 'format' field and no 'nodes' list (expected 'format': '${FLOW_FORMAT}').`,
    }
  if (from > FLOW_FORMAT_VERSION)
    return {
      ok: false,
      code: 'format.newer',
      message: `This flow was saved in format ${doc.format as string}, newer than this studio reads (${FLOW_FORMAT}). Update Chatflow Studio to open it.`,
    }
  for (let v = from; v < FLOW_FORMAT_VERSION; v++) doc = STEPS[v]!(doc)
  return { ok: true, value: doc, from }
}
