// Cost of the integration nodes as a run pays it: one Script node call (through the sandbox pool: a worker thread,
// a fresh QuickJS instance, inputs in, outputs out), against the floor of the same work on this thread (a fresh
// instance of the same compiled module, no worker: what the pool's isolation adds is the ratio); and one HTTP Call against a real server on 127.0.0.1, each through its runner with the studio's
// real effects; and one Chat Flow endpoint round trip (INIT) against a local endpoint that decrypts with its private
// key, encrypted as the channel does and in plaintext mode, to show what the encryption costs. Each sample's result
// is checked before it counts. Bounded: about 4 s per measure.
import { createEffects } from '../../shared/engine/effects'
import { createRenderer } from '../../shared/engine/render'
import { httpCallDefinition } from '../../shared/nodes/http_call/definition'
import { runHttpCall } from '../../shared/nodes/http_call/run'
import { scriptDefinition } from '../../shared/nodes/script/definition'
import { runScriptNode } from '../../shared/nodes/script/run'
import { createHttpEffect } from '../../electron/services/effects/http'
import { createScriptEffect } from '../../electron/services/effects/script'
import { SCRIPT_LIMITS, WASM_INITIAL_BYTES, wasmMaximumPages } from '../../electron/services/sandbox/limits'
import { closeScriptPool } from '../../electron/services/sandbox/pool'
import { runScript } from '../../electron/services/sandbox/run-script'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core'
import variant from '@jitl/quickjs-wasmfile-release-sync'
import type { Vars } from '../../shared/engine/types'
import { startTestServer } from '../../electron/services/effects/testing/server'
import { exchangeWithEndpoint } from '../../electron/services/effects/flow-endpoint'
import { startEndpointServer } from '../../electron/services/effects/flow-endpoint-server'

const BUDGET_MS = 4000
const MAX_SAMPLES = 2000

async function measure(label: string, once: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 5; i++) await once() // warm-up: module load, JIT, keep-alive connection
  const samples: number[] = []
  const end = performance.now() + BUDGET_MS
  while (performance.now() < end && samples.length < MAX_SAMPLES) {
    const t0 = performance.now()
    await once()
    samples.push(performance.now() - t0)
  }
  samples.sort((a, b) => a - b)
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(2)
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  console.log(
    `${label.padEnd(40)} n=${String(samples.length).padStart(4)}  mean ${mean.toFixed(2)} ms  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms`,
  )
  return Number(q(0.5))
}

export async function run(): Promise<void> {
  const vars = {
    http_call_1: {
      result: {
        items: [
          { price: 12.5, qty: 2 },
          { price: 3, qty: 5 },
        ],
      },
    },
    rate: 1.18,
  }
  const effects = createEffects({ script: createScriptEffect(), http: createHttpEffect() })
  const script = {
    ...scriptDefinition.defaults(),
    code: 'const net = input.items.reduce((s, i) => s + i.price * i.qty, 0)\nreturn { net, gross: Math.round(net * input.rate * 100) / 100 }',
    inputs: [
      { name: 'items', value: '{{http_call_1.result.items}}' },
      { name: 'rate', value: '{{rate}}' },
    ],
  }
  const pooled = await measure('Script node call (sandbox pool)', async () => {
    const out = await runScriptNode({ config: script, effects, ...createRenderer(vars) })
    if (out.kind !== 'next' || (out.output as { gross: number }).gross !== 47.2)
      throw new Error(`script gave ${JSON.stringify(out)}`)
  })
  const wasm = await WebAssembly.compile(
    fs.readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
  )
  const inThread = {
    run: async (code: string, inputs: Vars) => {
      const wasmMemory = new WebAssembly.Memory({
        initial: WASM_INITIAL_BYTES / 65536,
        maximum: wasmMaximumPages(SCRIPT_LIMITS),
      })
      const mod = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasm, wasmMemory }))
      return runScript(mod, code, JSON.stringify(inputs), 1000, SCRIPT_LIMITS)
    },
  }
  const floor = await measure('  floor: QuickJS on this thread', async () => {
    const out = await runScriptNode({
      config: script,
      effects: { ...effects, script: inThread },
      ...createRenderer(vars),
    })
    if (out.kind !== 'next' || (out.output as { gross: number }).gross !== 47.2)
      throw new Error(`script gave ${JSON.stringify(out)}`)
  })
  console.log(`  pool / floor (p50): ${(pooled / floor).toFixed(1)}×`)
  await closeScriptPool()

  const server = await startTestServer()
  try {
    const http = { ...httpCallDefinition.defaults(), url: `${server.base}/orders/{{id}}` }
    await measure('HTTP Call, local server (GET JSON)', async () => {
      const out = await runHttpCall({ config: http, effects, ...createRenderer({ id: 'A1' }) })
      if (out.kind !== 'next' || (out.output as { status: number }).status !== 200)
        throw new Error(`http gave ${JSON.stringify(out)}`)
    })
  } finally {
    await server.close()
  }

  const endpoint = await startEndpointServer()
  try {
    const request = { version: '3.0', action: 'INIT', flow_token: 'ftok_bench' } as const
    for (const plaintext of [false, true]) {
      const settings = {
        url: plaintext ? `${endpoint.base}/plain` : endpoint.base,
        publicKey: endpoint.publicKey,
        plaintext,
      }
      await measure(`Chat Flow endpoint INIT, ${plaintext ? 'plaintext' : 'encrypted'}`, async () => {
        const out = await exchangeWithEndpoint(effects.http, settings, request)
        if (out.reply?.kind !== 'screen') throw new Error(`endpoint gave ${JSON.stringify(out)}`)
      })
    }
  } finally {
    await endpoint.close()
  }
}
