import type { FlowDocument } from '../../../shared/flow/document'
import { webhookTriggerOf } from '../../../shared/nodes/trigger/kind'
import { triggerConfigOf } from '../../../shared/nodes/trigger/config'

export const endpointPath = (flowId: string): string => `/chatbot-webhook/${encodeURIComponent(flowId)}/trigger`

/** Base URL for a host and port as a client would type it (IPv6 in brackets, 0.0.0.0 reached via 127.0.0.1). */
export function baseUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

/**
 * An example body: the webhook trigger's declared data fields, then every `data` entry the flow reads as
 * `{{<trigger>.data.<key>…}}`, each with a placeholder value to replace.
 */
export function exampleBody(flow: FlowDocument): Record<string, unknown> {
  const trigger = webhookTriggerOf(flow)
  const fields = (trigger && triggerConfigOf(trigger)?.dataFields) ?? []
  const keys = new Set(fields.filter((f) => f !== ''))
  if (trigger) {
    const read = new RegExp(`\\{\\{\\s*${trigger.name}\\.data\\.([A-Za-z_]\\w*)`, 'g')
    for (const node of flow.nodes) for (const m of JSON.stringify(node.config).matchAll(read)) keys.add(m[1]!)
  }
  return { phone_number: '+919800000001', data: Object.fromEntries([...keys].map((k) => [k, 'value'])) }
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

export function curlCommand(url: string, secret: string, flow: FlowDocument): string {
  return [
    `curl -X POST ${shellQuote(url)}`,
    `  -H 'Content-Type: application/json'`,
    `  -H ${shellQuote(`x-api-key: ${secret}`)}`,
    `  -d ${shellQuote(JSON.stringify(exampleBody(flow)))}`,
  ].join(' \\\n')
}
