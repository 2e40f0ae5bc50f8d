import type { FlowDocument, FlowEdge, FlowNode, Position } from '../../shared/flow/document'
import { FlowEdgeSchema } from '../../shared/flow/document'
import { KnownFlowNodeSchema } from '../../shared/nodes/schema'
import { z } from 'zod'
import { newId } from './graph'
import { renameInDocument } from './model'
import { NODE_NAME_MAX } from '../../shared/flow/names'
import { migrateNodeVersions } from '../../shared/flow/node-versions'
import { NODE_VERSIONS } from '../../shared/nodes/load-flow'
import { clipTranslations, withPastedTranslations } from './language-edits'
import { TranslationsSchema } from '../../shared/flow/translations-schema'

// Copy and paste of nodes, also between flows: the clip travels as JSON text on the system clipboard.
// Pasted nodes get fresh ids; a name already used in the target flow gets the next free number (http_call_1
// becomes http_call_2, status becomes status_2), and references between the pasted nodes follow their renamed
// nodes (shared/analysis/rename.ts rewrites them through the reference index).

export const CLIP_FORMAT = 'chatflow.clip/1'

const ClipSchema = z.object({
  format: z.literal(CLIP_FORMAT),
  nodes: z.array(KnownFlowNodeSchema),
  edges: z.array(FlowEdgeSchema),
  /** The copied nodes' texts in the flow's other languages (docs/languages.md), by language, node id and pointer. */
  translations: TranslationsSchema.optional(),
})
export type Clip = z.infer<typeof ClipSchema>

export function copyClip(doc: FlowDocument, nodeIds: Iterable<string>): Clip {
  const ids = new Set(nodeIds)
  const translations = clipTranslations(doc, ids)
  return {
    format: CLIP_FORMAT,
    nodes: doc.nodes.filter((n) => ids.has(n.id)),
    edges: doc.edges.filter((e) => ids.has(e.source) && ids.has(e.target)),
    ...(translations ? { translations } : {}),
  }
}

/**
 * A clip from the clipboard, with its nodes at this build's versions: it may come from another window or another
 * build of the studio. A clip with a node newer than this build is not pasted (null), like any other foreign text.
 */
export function parseClip(text: string): Clip | null {
  try {
    const parsed = ClipSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return null
    const current = migrateNodeVersions(parsed.data, NODE_VERSIONS)
    return current.ok ? (current.value as Clip) : null
  } catch {
    return null
  }
}

const PASTE_OFFSET = 40

/** Adds the clip's nodes to `doc`: at `at` (their top-left corner) or offset from where they were copied. */
export function pasteClip(
  doc: FlowDocument,
  clip: Clip,
  at: Position | null,
): { doc: FlowDocument; nodes: FlowNode[] } {
  if (clip.nodes.length === 0) return { doc, nodes: [] }
  const minX = Math.min(...clip.nodes.map((n) => n.position.x))
  const minY = Math.min(...clip.nodes.map((n) => n.position.y))
  const dx = at ? at.x - minX : PASTE_OFFSET
  const dy = at ? at.y - minY : PASTE_OFFSET

  const taken = new Set(doc.nodes.map((n) => n.name))
  const finalName = new Map<string, string>()
  for (const n of clip.nodes) {
    const name = taken.has(n.name) ? freeName(n.name, taken) : n.name
    taken.add(name)
    finalName.set(n.id, name)
  }

  // Rename inside a scratch document of the pasted nodes only, through placeholder names first so that a node
  // renamed to a name another pasted node still holds cannot capture that node's references.
  const idMap = new Map(clip.nodes.map((n) => [n.id, newId('n')]))
  // The clip's translations ride along, so references between pasted nodes are rewritten in them too.
  let scratch: FlowDocument = { ...doc, nodes: clip.nodes, edges: [], samples: {}, translations: clip.translations }
  if (!clip.translations) delete scratch.translations
  clip.nodes.forEach((n, i) => (scratch = renameInDocument(scratch, n.id, `__paste_${i}`)))
  clip.nodes.forEach((n) => (scratch = renameInDocument(scratch, n.id, finalName.get(n.id)!)))

  const nodes: FlowNode[] = scratch.nodes.map((n) => ({
    ...n,
    id: idMap.get(n.id)!,
    position: { x: n.position.x + dx, y: n.position.y + dy },
  }))
  const edges: FlowEdge[] = clip.edges.map((e) => ({
    id: newId('e'),
    source: idMap.get(e.source)!,
    sourcePort: e.sourcePort,
    target: idMap.get(e.target)!,
  }))
  const next = { ...doc, nodes: [...doc.nodes, ...nodes], edges: [...doc.edges, ...edges] }
  return { doc: withPastedTranslations(next, scratch.translations, idMap), nodes }
}

/** `name` with the first free number: a trailing number counts up (http_call_1 → http_call_2), else _2, _3… */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  const m = /^(.*?)(\d+)$/.exec(name)
  const stem = m ? m[1]! : `${name}_`
  for (let n = m ? Number(m[2]) + 1 : 2; ; n++) {
    const suffix = String(n)
    const candidate = stem.slice(0, NODE_NAME_MAX - suffix.length) + suffix
    if (!taken.has(candidate)) return candidate
  }
}
