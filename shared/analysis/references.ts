import { findVariableRefs } from '../expr'
import type { FlowDocument, FlowNode } from '../flow/document'
import { NODE_DEFINITIONS, parseConfig } from '../nodes/registry'
import type { TextField } from '../nodes/types'
import { pointerOf } from '../flow/pointer'
import { isNodeType } from '../nodes/node-types'

// The reference index: every variable read in every {{ }} field of every node (messages, headers, URLs, bodies,
// script input mappings, template parameters, rule operands…), with where it is. "Used in X place(s)", the rename
// dialog and validation all read it, so they always agree.

export interface Reference {
  nodeId: string
  nodeName: string
  /** JSON pointer of the field in the node's config. */
  field: string
  /** JSON pointer of the field in the document. */
  pointer: string
  label: string
  /** The path read, e.g. ['http_call_1', 'result', 'status']. */
  path: string[]
  /** Offsets of the path text in the field value (UTF-16, end exclusive). */
  start: number
  end: number
  /** The field text around the reference, one line, for the confirmation dialog. */
  excerpt: string
}

/**
 * Text fields of a node, read from its config parsed with defaults. A config that does not parse (a hand-edited file
 * with a wrong type somewhere) still has its placeholders counted and renamed: every string in it that holds {{ is
 * taken as a field, so "Used in X place(s)" and rename do not miss it while config.invalid is being fixed.
 */
export function nodeTextFields(node: FlowNode): TextField[] {
  if (!isNodeType(node.type)) return rawTextFields(node.config)
  const parsed = parseConfig(node.type, node.config)
  return parsed.success ? NODE_DEFINITIONS[node.type].textFields(parsed.data) : rawTextFields(node.config)
}

function rawTextFields(config: unknown): TextField[] {
  const out: TextField[] = []
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      if (value.includes('{{')) out.push({ pointer: pointerOf(path), label: `Setting ${pointerOf(path)}`, value })
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]))
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k])
  }
  walk(config, [])
  return out
}

export function excerptAround(text: string, start: number, end: number, context = 24): string {
  const from = Math.max(0, start - context)
  const to = Math.min(text.length, end + context)
  const body = text.slice(from, to).replace(/\s+/g, ' ')
  return (from > 0 ? '…' : '') + body + (to < text.length ? '…' : '')
}

export function buildReferenceIndex(doc: FlowDocument): Reference[] {
  const out: Reference[] = []
  doc.nodes.forEach((node, i) => {
    for (const f of nodeTextFields(node)) {
      if (!f.value.includes('{{')) continue
      for (const r of findVariableRefs(f.value)) {
        out.push({
          nodeId: node.id,
          nodeName: node.name,
          field: f.pointer,
          pointer: `/nodes/${i}/config${f.pointer}`,
          label: f.label,
          path: r.path,
          start: r.start,
          end: r.end,
          excerpt: excerptAround(f.value, r.start, r.end),
        })
      }
    }
  })
  return out
}

/** Every place that reads `root` (a node name or a variable), in document order. */
export function referencesTo(doc: FlowDocument, root: string, index = buildReferenceIndex(doc)): Reference[] {
  return index.filter((r) => r.path[0] === root)
}

/** The "Used in X place(s)" count of a node name. */
export function usedInCount(doc: FlowDocument, name: string, index?: Reference[]): number {
  return referencesTo(doc, name, index).length
}
