// The server bundle (`npm run build:server`) copied to a folder outside the repository, with no node_modules and
// no source tree anywhere above it, and run there with plain node: SQLite (the native binding beside the bundle),
// a Script node (QuickJS's WebAssembly beside the bundle), the publish API and the webhook listener.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FLOW_FORMAT, type FlowDocument } from '../../shared/flow/document'
import { serverBuildDir } from './testing/server-build'
import { startServe } from './testing/serve-child'

const KEY = 'k_build_0123456789abcdef'
let dir: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-dist-'))
  fs.mkdirSync(path.join(dir, 'dist'))
  for (const f of fs.readdirSync(serverBuildDir()))
    fs.copyFileSync(path.join(serverBuildDir(), f), path.join(dir, 'dist', f))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** webhook trigger → Script (doubles a number) → message with the result → end. */
function scriptFlow(): FlowDocument {
  const node = (
    id: string,
    type: FlowDocument['nodes'][number]['type'],
    name: string,
    config: Record<string, unknown>,
  ) => ({ id, type, name, position: { x: 0, y: 0 }, config })
  return {
    format: FLOW_FORMAT,
    id: 'flw_script',
    name: 'Doubler',
    active: true,
    nodes: [
      node('n_t', 'trigger', 'trigger_1', {
        kind: 'webhook',
        keywords: [],
        matchMode: 'exact',
        payloadPrefix: '',
        targetVariable: '',
        dataFields: ['n'],
      }),
      node('n_s', 'script', 'script_1', {
        code: 'return { twice: input.n * 2 }',
        inputs: [{ name: 'n', value: '{{trigger_1.data.n}}' }],
        outputs: [{ name: 'twice', type: 'number' }],
        timeoutMs: 1000,
      }),
      node('n_m', 'message', 'message_1', { text: 'Twice is {{script_1.twice}}', previewUrl: false }),
      node('n_e', 'end', 'end_1', {}),
    ],
    edges: [
      { id: 'e1', source: 'n_t', sourcePort: 'out', target: 'n_s' },
      { id: 'e2', source: 'n_s', sourcePort: 'success', target: 'n_m' },
      { id: 'e3', source: 'n_m', sourcePort: 'out', target: 'n_e' },
    ],
    samples: {},
    webhookSecretRef: 'flw_script',
  }
}

it('runs from a copy of dist/ outside the repository: SQLite, a Script node, publish and webhook', async () => {
  expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(
    expect.arrayContaining([
      'THIRD-PARTY-LICENSES.txt',
      'better_sqlite3.node',
      'chatflow.mjs',
      'emscripten-module.wasm',
    ]),
  )
  const outLog = path.join(dir, 'out.jsonl')
  const serve = await startServe(
    ['--data-dir', path.join(dir, 'data'), '--port', '0', '--publish-port', '0', '--outbound-log', outLog],
    {
      CHATFLOW_PUBLISH_KEY: KEY,
      NODE_PATH: '',
    },
    { bundle: path.join(dir, 'dist', 'chatflow.mjs'), cwd: dir },
  )
  try {
    const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
    const published = await fetch(`${serve.api}/flows/flw_script/versions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ document: scriptFlow() }),
    })
    expect(published.status, await published.clone().text()).toBe(201)
    const { secret } = (await (
      await fetch(`${serve.api}/flows/flw_script/webhook-secret`, { method: 'POST', headers: auth, body: '{}' })
    ).json()) as { secret: string }
    const run = await fetch(`${serve.hook}/chatbot-webhook/flw_script/trigger`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+919800000031', data: { n: 21 } }),
    })
    expect(await run.json()).toMatchObject({ state: 'ended' })
    const sent = () => (fs.existsSync(outLog) ? fs.readFileSync(outLog, 'utf8') : '')
    await expect.poll(sent, { timeout: 10_000 }).toContain('Twice is 42')
    expect(await serve.stop()).toBe(0)
  } finally {
    await serve.stop('SIGKILL')
  }
}, 60_000)
