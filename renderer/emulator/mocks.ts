import type { FlowDocument } from '../../shared/flow/document'

// HTTP Calls in a test run live, from the node's sample response, or as a failure (the spec's "HTTP Call
// failure" scenario without breaking a real URL). The chosen mocks are sent with every step and saved with a test.

export type HttpMode = 'live' | 'sample' | 'fail'

export interface MockSpec {
  output?: unknown
  port?: string
  error?: string
}

export function httpNodes(doc: FlowDocument): string[] {
  return doc.nodes.filter((n) => n.type === 'http_call').map((n) => n.name)
}

export function mocksFor(doc: FlowDocument, modes: Record<string, HttpMode>): Record<string, MockSpec> {
  const out: Record<string, MockSpec> = {}
  for (const name of httpNodes(doc)) {
    const mode = modes[name] ?? 'live'
    if (mode === 'sample') {
      const sample = doc.samples[name]
      const shaped = sample && typeof sample === 'object' && 'status' in sample ? sample : { status: 200, ok: true, result: sample ?? {}, headers: {} }
      out[name] = { output: shaped, port: 'success' }
    } else if (mode === 'fail') {
      out[name] = { output: { status: 500, ok: false, result: { error: 'Simulated failure' }, headers: {} }, port: 'failure' }
    }
  }
  return out
}
