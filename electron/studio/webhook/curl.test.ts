import { execFileSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { baseUrl, curlCommand, endpointPath, exampleBody } from './curl'
import { orderTotalFlow } from '../../services/webhook/testing/fixtures'

// The curl command the Webhook section offers: its example body names the data the flow reads, and a shell splits it
// into exactly the arguments curl must get (checked by running it through sh with a curl that prints its arguments).

it('fills data with the declared fields and every entry the flow reads under the trigger name', () => {
  const flow = orderTotalFlow('flw_x')
  const declared = flow.nodes.map((n) =>
    n.type === 'trigger' ? { ...n, config: { ...n.config, dataFields: ['city'] } } : n,
  )
  const deep = declared.map((n) =>
    n.name === 'message_2' ? { ...n, config: { ...n.config, text: 'Order {{trigger_1.data.order.id}}' } } : n,
  )
  expect(exampleBody({ ...flow, nodes: deep })).toEqual({
    phone_number: '+919800000001',
    data: { city: 'value', amount: 'value', name: 'value', order: 'value' },
  })
  // Another node's data, or text that is not a placeholder, is not the trigger's.
  const other = flow.nodes.map((n) =>
    n.name === 'message_1' ? { ...n, config: { ...n.config, text: '{{http_1.data.x}} trigger_1.data.y' } } : n,
  )
  expect(Object.keys(exampleBody({ ...flow, nodes: other }).data as object).sort()).toEqual(['amount', 'name'])
})

it('gives an empty data object to a flow without a webhook trigger', () => {
  const flow = orderTotalFlow('flw_k')
  const keyword = flow.nodes.map((n) => (n.type === 'trigger' ? { ...n, config: { ...n.config, kind: 'keyword' } } : n))
  expect(exampleBody({ ...flow, nodes: keyword })).toEqual({ phone_number: '+919800000001', data: {} })
})

it('quotes for the shell so that curl receives the URL, headers and body unchanged', () => {
  const flow = orderTotalFlow('flw_q')
  const quoted = flow.nodes.map((n) =>
    n.type === 'trigger' ? { ...n, config: { ...n.config, dataFields: ["it's $HOME `x`"] } } : n,
  )
  const url = baseUrl('127.0.0.1', 7373) + endpointPath('flw_q')
  const command = curlCommand(url, "whsec_a'b", { ...flow, nodes: quoted })
  const args = execFileSync('sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${command}`], { encoding: 'utf8' })
    .trimEnd()
    .split('\n')
  expect(args).toEqual([
    '-X',
    'POST',
    'http://127.0.0.1:7373/chatbot-webhook/flw_q/trigger',
    '-H',
    'Content-Type: application/json',
    '-H',
    "x-api-key: whsec_a'b",
    '-d',
    JSON.stringify({
      phone_number: '+919800000001',
      data: { "it's $HOME `x`": 'value', amount: 'value', name: 'value' },
    }),
  ])
})

it('writes the base URL as a client reaches it', () => {
  expect(baseUrl('0.0.0.0', 7373)).toBe('http://127.0.0.1:7373')
  expect(baseUrl('::', 80)).toBe('http://[::1]:80')
  expect(baseUrl('::1', 80)).toBe('http://[::1]:80')
  expect(endpointPath('flw a/b')).toBe('/chatbot-webhook/flw%20a%2Fb/trigger')
})
