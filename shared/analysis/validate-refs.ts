import { checkTemplate, findVariableRefs } from '../expr'
import type { Problem } from '../nodes/types'
import type { FlowDocument } from '../flow/document'
import { runsBeforeIndex, type FlowGraph } from '../flow/graph'
import type { UnsetPathFinder } from './paths/unset'
import { nodeTextFields } from './references'
import { makeResolver } from './resolve'
import { allFlowVariables, type AvailableVariable } from './variables'
import { didYouMean } from '../text/did-you-mean'

// Template checks for every {{ }} field: syntax, unknown nodes and variables, fields a node never produces,
// paths missing from a sample, and variables read where no path from the trigger can have set them yet, or where some
// path (named in the warning) reaches the read without setting them.

export function validateReferences(
  doc: FlowDocument,
  graph: FlowGraph,
  reachable: Set<string>,
  vars: AvailableVariable[] = allFlowVariables(doc),
  unsetOn?: UnsetPathFinder,
): Problem[] {
  const out: Problem[] = []
  const resolve = makeResolver(doc, vars)
  const nameOf = new Map(doc.nodes.map((n) => [n.id, n.name]))
  const roots = new Set([...vars.map((v) => v.path.split('.')[0]!), ...doc.nodes.map((n) => n.name)])
  // "Runs before" is asked from the producer's side: one forward walk per producer, not one per reader.
  const runsBefore = runsBeforeIndex(graph)
  doc.nodes.forEach((node, i) => {
    const fields = nodeTextFields(node)
    if (fields.length === 0) return
    for (const f of fields) {
      if (!f.value.includes('{{') && !f.value.includes('}}')) continue
      const at = { nodeId: node.id, field: f.pointer, pointer: `/nodes/${i}/config${f.pointer}` }
      for (const d of checkTemplate(f.value)) {
        out.push({
          severity: d.severity,
          code: `expr.${d.code}`,
          message: `${f.label}: ${d.message} (at character ${d.start + 1}).`,
          ...at,
        })
      }
      const warned = new Set<string>()
      for (const ref of findVariableRefs(f.value)) {
        const text = `{{${ref.path.join('.')}}}`
        const r = resolve(ref.path)
        if (r.kind === 'unknown-root') {
          out.push({
            severity: 'error',
            code: 'ref.unknown',
            message: `${f.label} reads ${text}, but there is no node or variable named '${ref.path[0]}'.${nearName(ref.path[0]!, roots)}`,
            ...at,
          })
        } else if (r.kind === 'unknown-field') {
          const owner = ref.path.slice(0, r.index).join('.')
          const known = r.known.length ? ` It provides: ${r.known.join(', ')}.` : ''
          out.push({
            severity: 'error',
            code: 'ref.unknown_field',
            message: `${f.label} reads ${text}, but '${owner}' never produces '${ref.path[r.index]}'.${known}`,
            ...at,
          })
        } else if (r.kind === 'not-in-sample') {
          out.push({
            severity: 'warning',
            code: 'ref.not_in_sample',
            message: `${f.label} reads ${text}, but the sample response of '${ref.path[0]}' has no '${ref.path.slice(1, r.index + 1).join('.')}'.`,
            ...at,
          })
        }
        if (r.kind !== 'ok' && r.kind !== 'not-in-sample') continue
        if ((r.kind === 'ok' && r.global) || r.producers.length === 0 || !reachable.has(node.id)) continue
        if (f.readsOwnOutput && r.producers.includes(node.id)) continue
        if (r.producers.some((p) => runsBefore(p, node.id))) {
          const path = unsetOn?.(ref.path, r.producers, node.id)
          if (!path || warned.has(text)) continue
          warned.add(text)
          out.push({
            severity: 'warning',
            code: 'ref.unset_on_path',
            message: `${f.label} reads ${text}, which is not set on the path ${path}. It will be empty there.`,
            ...at,
          })
          continue
        }
        const by = r.producers.map((p) => nameOf.get(p)).join(' or ')
        out.push({
          severity: 'warning',
          code: 'ref.before_set',
          message: `${f.label} reads ${text} before any path sets it: ${by} does not run before '${node.name}'. It will be empty here.`,
          ...at,
        })
      }
    }
  })
  return out
}

function nearName(typed: string, names: Iterable<string>): string {
  const near = didYouMean(typed, names)
  return near ? ` Did you mean '${near}'?` : ''
}
