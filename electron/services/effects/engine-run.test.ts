import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../../shared/engine/testing/fixtures'
import { startRun } from '../../../shared/engine/machine'
import { createHttpEffect } from './http'
import { createScriptEffect } from './script'
import { startTestServer, type TestServer } from './testing/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const manual = { kind: 'manual' } as const

function orderFlow(url: string) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'http_call', name: 'http_call_1', config: { url } },
      {
        type: 'script',
        name: 'script_1',
        config: {
          code: 'console.log("total", input.total)\nreturn { withTax: Math.round(input.total * 118) / 100 }',
          inputs: [{ name: 'total', value: '{{http_call_1.result.order.total}}' }],
        },
      },
      {
        type: 'message',
        name: 'message_ok',
        config: { text: 'Order {{http_call_1.result.order.status}}, {{script_1.withTax}} with tax' },
      },
      {
        type: 'message',
        name: 'message_fail',
        config: { text: 'Sorry ({{http_call_1.error.code}}): {{http_call_1.error.message}}' },
      },
    ],
    [
      ['trigger_1', 'out', 'http_call_1'],
      ['http_call_1', 'success', 'script_1'],
      ['http_call_1', 'failure', 'message_fail'],
      ['script_1', 'success', 'message_ok'],
    ],
  )
}

const effects = { http: createHttpEffect(), script: createScriptEffect() }

describe('integration nodes in a real run', () => {
  it('calls the server, runs the script and uses both outputs; the console goes to the trace', async () => {
    const { deps } = testDeps({ effects })
    const r = await startRun(orderFlow(`${server.base}/orders/A1`), { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('ended')
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Order shipped, 50.15 with tax' } }])
    const script = r.trace.find((t) => t.nodeName === 'script_1')!
    expect(script.output).toEqual({ withTax: 50.15, console: ['total 42.5'] })
    expect(r.state.vars.script_1).toEqual({ withTax: 50.15 })
  })

  it('takes the failure port on an invalid URL, with the reason in the trace and under the node name', async () => {
    const { deps } = testDeps({ effects })
    const r = await startRun(orderFlow('https://exa mple.invalid/{{x}}'), { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('ended')
    expect(r.messages[0]).toMatchObject({
      type: 'text',
      text: { body: expect.stringMatching(/^Sorry \(http_invalid_url\): '.*' is not a valid URL\.$/) },
    })
    const http = r.trace.find((t) => t.nodeName === 'http_call_1')!
    expect(http).toMatchObject({ port: 'failure', error: { code: 'http_invalid_url', nodeName: 'http_call_1' } })
  })

  it('answers an HTTP Call from a written mock instead of the network', async () => {
    const { deps } = testDeps({
      effects,
      mocks: { http_call_1: { output: { status: 200, ok: true, result: { order: { status: 'packed', total: 10 } } } } },
    })
    const r = await startRun(orderFlow('http://127.0.0.1:1/never-called'), { contact: ASHA, trigger: manual }, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Order packed, 11.8 with tax' } }])
  })

  it('answers an HTTP Call from a written response that goes through the node: status picks the port, save-as applies', async () => {
    const flow = orderFlow('https://shop.invalid/orders/{{order}}')
    flow.nodes.find((n) => n.name === 'http_call_1')!.config.saveAs = [
      { variable: 'order_state', path: 'result.order.status' },
    ]
    const ok = testDeps({
      effects,
      mocks: { http_call_1: { response: { body: { order: { status: 'late', total: 1 } } } } },
    })
    const r1 = await startRun(flow, { contact: ASHA, trigger: manual }, ok.deps)
    expect(r1.state.vars).toMatchObject({ order_state: 'late', http_call_1: { status: 200, ok: true } })
    expect(r1.messages).toEqual([{ type: 'text', text: { body: 'Order late, 1.18 with tax' } }])
    const missing = testDeps({
      effects,
      mocks: { http_call_1: { response: { status: 404, body: { error: 'no such order' } } } },
    })
    const r2 = await startRun(flow, { contact: ASHA, trigger: manual }, missing.deps)
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Sorry (http_status): The server answered 404.' } }])
    expect(r2.state.vars.http_call_1).toMatchObject({ status: 404, result: { error: 'no such order' } })
  })
})
