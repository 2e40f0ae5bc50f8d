// Checks over the call graph (docs/flow-format.md, "Calls"): a Call Flow node's callee exists and is callable, no
// call leads back to the caller (recursion, direct or through other flows), every required input is mapped and only
// declared ones are, and each output the caller reads is declared and returned by every End the callee can reach.
// Without a catalogue (a lone document) the caller's side is skipped: the document is still valid on its own.
// A callable flow's own Ends are checked against its interface with or without one.
import { findVariableRefs } from '../expr'
import { callPath, type FlowCatalogue } from '../flow/catalogue'
import { isCallable, type FlowDocument } from '../flow/document'
import type { Problem } from '../nodes/types'
import { pointerOf } from '../flow/pointer'
import { boundCalls, callGraphOf, reachableEnds, returnsOutput, type BoundCall } from './calls'
import { nodeTextFields } from './references'

export function validateCalls(doc: FlowDocument, flows?: FlowCatalogue): Problem[] {
  const out = validateReturns(doc)
  const calls = boundCalls(doc)
  if (!flows || calls.length === 0) return out
  const graph = callGraphOf(flows, doc)
  for (const call of calls) {
    const at = `/nodes/${call.index}/config`
    const problem = (severity: Problem['severity'], code: string, message: string, field: string): Problem => ({
      severity,
      code,
      message,
      nodeId: call.nodeId,
      field,
      pointer: at + field,
    })
    if (call.flowId === '') continue // no flow chosen yet: the node's own config check says so
    const callee = graph.catalogue.get(call.flowId)
    if (!callee) {
      out.push(
        problem(
          'error',
          'call.unknown_flow',
          `'${call.nodeName}' calls the flow '${call.flowId}', which does not exist (deleted, or not among the flows given). Choose another flow.`,
          call.decl.flowField,
        ),
      )
      continue
    }
    const cycle = call.flowId === doc.id ? [doc.id, doc.id] : callPath(graph, call.flowId, doc.id)
    if (cycle) {
      const names = (call.flowId === doc.id ? cycle : [doc.id, ...cycle]).map(
        (id) => graph.catalogue.get(id)?.name ?? id,
      )
      out.push(
        problem(
          'error',
          'call.cycle',
          `'${call.nodeName}' makes the flows call each other round: ${names.join(' → ')}. A flow may not call itself, directly or through other flows.`,
          call.decl.flowField,
        ),
      )
    }
    if (!isCallable(callee)) {
      out.push(
        problem(
          'error',
          'call.not_callable',
          `'${call.nodeName}' calls '${callee.name}', which is not callable: it declares no inputs and outputs. Give '${callee.name}' an interface, or choose another flow.`,
          call.decl.flowField,
        ),
      )
      continue
    }
    out.push(...inputProblems(call, callee, problem), ...outputProblems(doc, call, callee))
  }
  return out
}

type Make = (severity: Problem['severity'], code: string, message: string, field: string) => Problem

function inputProblems(call: BoundCall, callee: FlowDocument, problem: Make): Problem[] {
  const out: Problem[] = []
  const declared = new Map(callee.interface!.inputs.map((i) => [i.name, i]))
  for (const input of declared.values()) {
    const mapped = (call.inputs[input.name] ?? '').trim() !== ''
    if (input.required && !mapped && input.default === undefined)
      out.push(
        problem(
          'error',
          'call.input_unmapped',
          `'${call.nodeName}' gives '${callee.name}' nothing for its required input '${input.name}'. Map it to a value of this flow.`,
          call.decl.inputField(input.name),
        ),
      )
  }
  for (const name of Object.keys(call.inputs))
    if (!declared.has(name))
      out.push(
        problem(
          'error',
          'call.input_unknown',
          `'${call.nodeName}' maps '${name}', which '${callee.name}' does not take.${known('Its inputs', [...declared.keys()])}`,
          call.decl.inputField(name),
        ),
      )
  return out
}

/** Outputs read as {{call_node.output}} anywhere in the caller, each against the Ends the callee can reach. */
function outputProblems(doc: FlowDocument, call: BoundCall, callee: FlowDocument): Problem[] {
  const out: Problem[] = []
  const outputs = new Set(callee.interface!.outputs.map((o) => o.name))
  doc.nodes.forEach((node, i) => {
    for (const f of nodeTextFields(node)) {
      if (!f.value.includes(call.nodeName)) continue
      const seen = new Set<string>()
      for (const ref of findVariableRefs(f.value)) {
        const output = ref.path[1]
        // {{call.error…}} is the failed port's output, set by the node itself.
        if (ref.path[0] !== call.nodeName || output === undefined || output === 'error' || seen.has(output)) continue
        seen.add(output)
        const at = { nodeId: node.id, field: f.pointer, pointer: `/nodes/${i}/config${f.pointer}` }
        // An output the callee does not declare is ref.unknown_field (the node's variables are the callee's outputs).
        if (!outputs.has(output)) continue
        const missing = reachableEnds(callee).find((e) => !returnsOutput(e, output))
        if (missing)
          out.push({
            severity: 'warning',
            code: 'call.output_unset',
            message: `${f.label} reads {{${call.nodeName}.${output}}}, but '${callee.name}' does not return '${output}' on the path ${missing.path}, so the call fails there (no_return).`,
            ...at,
          })
      }
    }
  })
  return out
}

/** A callable flow's Ends: each returns only declared outputs, and every one of them (else a call ending there fails). */
function validateReturns(doc: FlowDocument): Problem[] {
  const out: Problem[] = []
  const outputs = doc.interface?.outputs.map((o) => o.name) ?? []
  for (const end of reachableEnds(doc)) {
    const at = `/nodes/${end.index}/config`
    for (const name of Object.keys(end.returns))
      if (!outputs.includes(name))
        out.push({
          severity: 'error',
          code: 'end.return_unknown',
          message: isCallable(doc)
            ? `'${end.node.name}' returns '${name}', which the flow does not declare as an output.${known('Its outputs', outputs)}`
            : `'${end.node.name}' returns '${name}', but the flow is not callable: it declares no outputs.`,
          nodeId: end.node.id,
          field: pointerOf(['returns', name]),
          pointer: at + pointerOf(['returns', name]),
        })
    const missing = outputs.filter((o) => !returnsOutput(end, o))
    if (missing.length)
      out.push({
        severity: 'warning',
        code: 'end.return_missing',
        message: `'${end.node.name}' returns no ${missing.map((m) => `'${m}'`).join(', ')}, so a call that ends here fails (no_return). Path: ${end.path}.`,
        nodeId: end.node.id,
        field: '/returns',
        pointer: `${at}`,
      })
  }
  return out
}

const known = (what: string, names: string[]) => (names.length ? ` ${what}: ${names.join(', ')}.` : '')
