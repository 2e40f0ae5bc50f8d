import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { startRun } from '../../engine/machine'

async function send(text: string, previewUrl = false, presets: Record<string, unknown> = {}) {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'message_1', config: { text, previewUrl } },
    ],
    [['trigger_1', 'out', 'message_1']],
  )
  const { deps } = testDeps()
  return startRun(flow, { contact: ASHA, trigger: { kind: 'manual' }, presets }, deps)
}

describe('message runner', () => {
  it('renders the text through the expression language and sends it as a text message', async () => {
    const r = await send('Hi {{customer_name}}, total {{{{price}} * 1.18}}', false, { price: 250 })
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Hi Asha, total 295' } }])
    expect(r.state.vars.message_1).toEqual({ text: 'Hi Asha, total 295' })
  })

  it('asks for a link preview when configured', async () => {
    const r = await send('See https://example.com', true)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'See https://example.com', preview_url: true } }])
  })

  it('renders unset variables empty, and variable names are case-sensitive', async () => {
    const r = await send('[{{Name}}][{{name}}]', false, { name: 'x' })
    expect(r.messages).toEqual([{ type: 'text', text: { body: '[][x]' } }])
  })
})
