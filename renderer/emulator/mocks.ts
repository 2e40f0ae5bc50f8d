import type { FlowDocument } from '../../shared/flow/document'
import { effectsOfType } from '../../shared/nodes/behaviour-of'

// HTTP Calls in a test run live, from the node's sample response, or as a failure (docs/emulator.md, HTTP Calls: a failure
// tested without breaking a real URL). The chosen mocks are sent with every step and saved with a test.

export type HttpMode = 'live' | 'sample' | 'fail'

export interface MockSpec {
  output?: unknown
  port?: string
  error?: string
  response?: { status?: number; headers?: Record<string, string>; body?: unknown }
}

export const SIMULATED_FAILURE = 'Simulated failure: the server could not be reached.'

/** Nodes whose HTTP requests a test holds to mocks (NodeEffects.ownsHttp: HTTP Calls), by name. */
export function httpNodes(doc: FlowDocument): string[] {
  return doc.nodes.filter((n) => effectsOfType(n.type)?.ownsHttp).map((n) => n.name)
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A sample saved from a test request has the node's output shape ({status, headers, result}); a pasted one may be
 * the bare body. Either way the node receives it as a written response, so its ports and save-as run as live.
 */
export function responseOfSample(sample: unknown): NonNullable<MockSpec['response']> {
  if (isObject(sample) && 'status' in sample && 'result' in sample) {
    const headers = isObject(sample.headers) ? (sample.headers as Record<string, string>) : {}
    return { status: Number(sample.status) || 200, headers, body: sample.result }
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: sample ?? {} }
}

export function mocksFor(doc: FlowDocument, modes: Record<string, HttpMode>): Record<string, MockSpec> {
  const out: Record<string, MockSpec> = {}
  for (const name of httpNodes(doc)) {
    const mode = modes[name] ?? 'live'
    if (mode === 'sample') out[name] = { response: responseOfSample(doc.samples[name]) }
    else if (mode === 'fail') out[name] = { error: SIMULATED_FAILURE }
  }
  return out
}
