import type { Problem } from '../nodes/types'
import { NODE_DEFINITIONS, parseConfig, withParsedConfigs } from '../nodes/registry'
import type { FlowDocument } from '../flow/document'
import { buildGraph } from '../flow/graph'
import { applyIntentional } from '../flow/intentional'
import { checkNodeName } from '../flow/names'
import { pointerOf } from '../flow/pointer'
import { branchProblems, buildPortGraph, pathFinder, unsetPathFinder, windowProblems } from './paths'
import { validateEdges, validateReachability } from './validate-graph'
import { validateReferences } from './validate-refs'
import { validateSettings } from '../flow/validate-settings'
import { allFlowVariables, variableRoots } from './variables'
import { isNodeType } from '../nodes/node-types'
import { triggerConfigOf } from '../nodes/trigger/config'
import { startsFlow } from '../nodes/behaviour-of'
import type { FlowCatalogue } from '../flow/catalogue'
import { flowSettings } from '../flow/settings'
import { flowLanguages } from '../flow/languages'
import { validateCalls } from './validate-calls'
import { translationProblems } from './translations'

// The problems list of a flow: every rule of the flow model in one pass. Each problem has a severity, a stable code,
// a sentence for a person and a JSON pointer into the document (plus the node and config field when it has them).

export type { Problem } from '../nodes/types'

export interface ValidateOptions {
  /**
   * The other flows of the studio (or the files given to the CLI): with them, Call Flow nodes are checked against
   * their callees (validate-calls.ts). Without them a lone document is still valid and those checks are skipped.
   */
  flows?: FlowCatalogue
}

export function validateFlow(doc: FlowDocument, opts: ValidateOptions = {}): Problem[] {
  return withParsedConfigs(() => validateAll(doc, opts.flows))
}

function validateAll(doc: FlowDocument, flows: FlowCatalogue | undefined): Problem[] {
  const graph = buildGraph(doc)
  const ports = buildPortGraph(doc)
  const { problems: reachProblems, reachable } = validateReachability(doc, graph)
  // Every node's outputs, worked out once: name clashes and reference checks both read them.
  const vars = allFlowVariables(doc, flows)
  return applyIntentional(doc, [
    ...validateTriggers(doc),
    ...validateSettings(doc),
    ...validateNodes(doc, variableRoots(doc, vars), flows),
    ...translationProblems(doc),
    ...validateCalls(doc, flows),
    ...validateEdges(doc, pathFinder(ports)),
    ...reachProblems,
    ...branchProblems(ports, vars).problems,
    ...windowProblems(ports),
    ...validateReferences(doc, graph, reachable, vars, unsetPathFinder(ports)),
  ])
}

export const hasErrors = (problems: Problem[]) => problems.some((p) => p.severity === 'error')

function validateTriggers(doc: FlowDocument): Problem[] {
  const out: Problem[] = []
  const triggers = doc.nodes.map((n, i) => ({ n, i })).filter(({ n }) => startsFlow(n.type))
  if (triggers.length === 0)
    out.push({
      severity: 'error',
      code: 'flow.no_trigger',
      message: 'The flow has no Trigger, so nothing can start it. Add one.',
      pointer: '/nodes',
    })
  triggers.slice(1).forEach(({ n, i }) =>
    out.push({
      severity: 'error',
      code: 'flow.two_triggers',
      message: `The flow has ${triggers.length} Triggers; a flow starts from exactly one. Remove '${n.name}' or make it a separate flow.`,
      nodeId: n.id,
      pointer: `/nodes/${i}`,
    }),
  )
  for (const { n } of triggers) {
    if (triggerConfigOf(n)?.kind === 'webhook' && !doc.webhookSecretRef)
      out.push({
        severity: 'error',
        code: 'trigger.webhook_secret',
        message: `'${n.name}' is a webhook trigger but the flow has no webhook secret; create one so requests can be checked.`,
        nodeId: n.id,
        field: '/kind',
        pointer: '/webhookSecretRef',
      })
  }
  return out
}

function validateNodes(
  doc: FlowDocument,
  roots: ReturnType<typeof variableRoots>,
  flows: FlowCatalogue | undefined,
): Problem[] {
  const out: Problem[] = []
  const ids = new Set<string>()
  const nameCount = new Map<string, number>()
  for (const n of doc.nodes) nameCount.set(n.name, (nameCount.get(n.name) ?? 0) + 1)
  const { locale } = flowSettings(doc)
  const { list, default: def } = flowLanguages(doc)
  const languages = { list, default: def }
  doc.nodes.forEach((node, i) => {
    const at = `/nodes/${i}`
    if (ids.has(node.id))
      out.push({
        severity: 'error',
        code: 'node.duplicate_id',
        message: `Two nodes share the id '${node.id}'.`,
        nodeId: node.id,
        pointer: `${at}/id`,
      })
    ids.add(node.id)
    // Only the count matters for uniqueness; passing every other name would make this quadratic.
    const nameProblem = checkNodeName(node.name, (nameCount.get(node.name) ?? 0) > 1 ? [node.name] : [])
    if (nameProblem)
      out.push({
        severity: 'error',
        code: nameProblem.code,
        message: nameProblem.message,
        nodeId: node.id,
        pointer: `${at}/name`,
      })
    const shadowed = roots.get(node.name)
    if (shadowed)
      out.push({
        severity: 'error',
        code: 'name.shadows_variable',
        message: `Node name '${node.name}' is also a variable (${shadowed.nodeName ? `set by '${shadowed.nodeName}'` : shadowed.description}); {{${node.name}}} would be ambiguous. Rename one of them.`,
        nodeId: node.id,
        pointer: `${at}/name`,
      })
    // The model keeps `type` as a name (shared/flow/document.ts); which names exist is checked here.
    if (!isNodeType(node.type))
      return void out.push({
        severity: 'error',
        code: 'node.type_unknown',
        message: `'${node.name}' is of type '${node.type}', which this version does not know.`,
        nodeId: node.id,
        pointer: `${at}/type`,
      })
    const parsed = parseConfig(node.type, node.config)
    const configPointer = `${at}/config`
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = pointerOf(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)))
        out.push({
          severity: 'error',
          code: 'config.invalid',
          message: `'${node.name}': setting ${field || '(config)'} is invalid: ${issue.message}.`,
          nodeId: node.id,
          field,
          pointer: configPointer + field,
        })
      }
      return
    }
    out.push(
      ...NODE_DEFINITIONS[node.type].validate(parsed.data, {
        nodeId: node.id,
        nodeName: node.name,
        configPointer,
        locale,
        languages,
        ...(flows ? { flows } : {}),
      }),
    )
  })
  return out
}
