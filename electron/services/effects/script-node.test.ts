import { describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import { scriptDefinition, type ScriptConfig } from '../../../shared/nodes/script/definition'
import { runScriptNode } from '../../../shared/nodes/script/run'
import { createScriptEffect } from './script'

const effects = createEffects({ script: createScriptEffect() })
const node = (patch: Partial<ScriptConfig>, vars: Record<string, unknown>) =>
  runScriptNode({ config: { ...scriptDefinition.defaults(), ...patch }, effects, ...createRenderer(vars) })

describe('Script node', () => {
  it('maps typed inputs from the session and saves the returned keys, logs kept for the trace', async () => {
    const out = await node(
      {
        code: 'console.log("items", input.items.length)\nreturn { total: input.price * input.qty, label: `${input.who} x${input.qty}` }',
        inputs: [
          { name: 'price', value: '{{http_call_1.result.price}}' },
          { name: 'qty', value: '{{qty}}' },
          { name: 'who', value: 'Mr {{name}}' },
          { name: 'items', value: '{{http_call_1.result.items}}' },
        ],
      },
      { http_call_1: { result: { price: 2.5, items: [1, 2, 3] } }, qty: 4, name: 'Lee' },
    )
    expect(out).toMatchObject({
      kind: 'next',
      port: 'success',
      output: { total: 10, label: 'Mr Lee x4' },
      logs: ['items 3'],
    })
  })

  it('fails with the user line and column and the logs written before the error', async () => {
    const out = await node({ code: 'console.log("start")\nreturn { v: missing + 1 }' }, {})
    expect(out).toMatchObject({
      kind: 'fail',
      error: {
        code: 'script_error',
        message: expect.stringMatching(/^line 2, column \d+: ReferenceError: 'missing' is not defined$/),
      },
      output: { line: 2 },
      logs: ['start'],
    })
  })

  it('fails with a clear reason when the time limit stops it', async () => {
    const out = await node({ code: 'while (true) {}', timeoutMs: 150 }, {})
    expect(out).toMatchObject({
      kind: 'fail',
      error: { code: 'script_timeout', message: expect.stringContaining('150 ms') },
    })
  })
})
