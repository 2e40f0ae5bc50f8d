// Issue 17, "Done when": a conversation test the emulator saves for a flow with a Script and a mocked HTTP Call
// passes unchanged on the command line. Saved by clicking, as a tester does (the HTTP Call answered from its sample
// in the emulator's HTTP modes, the Script run for real), then the stored YAML is played by the built `chatflow test`
// beside the flow's file. The HTTP Call's URL is a closed loopback port: a mock the save lost would fail the test.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { serialiseFlow } from '../../shared/flow/serialise'
import { serverBuildDir } from '../../electron/runtime/testing/server-build'
import { test, expect } from './fixtures'
import { apiCall, botMessages, emulatorPanel, saveAndPass } from './emulator-helpers'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
    {
      type: 'script',
      name: 'tier',
      config: {
        code: 'const t = input.total\nreturn { tier: t > 100 ? "gold" : "basic" }',
        inputs: [{ name: 'total', value: '{{ 250 }}' }],
      },
    },
    {
      type: 'condition',
      name: 'is_gold',
      config: { rules: [{ left: '{{tier.tier}}', operator: 'equals', right: 'gold' }] },
    },
    { type: 'http_call', name: 'lookup', config: { url: 'http://127.0.0.1:9/orders/A1' } },
    { type: 'message', name: 'answer', config: { text: 'Tier {{tier.tier}}, order {{lookup.result.status}}' } },
    { type: 'message', name: 'plain', config: { text: 'Basic tier' } },
  ],
  [
    ['trigger_1', 'out', 'tier'],
    ['tier', 'success', 'is_gold'],
    ['is_gold', 'true', 'lookup'],
    ['is_gold', 'false', 'plain'],
    ['lookup', 'success', 'answer'],
  ],
  { name: 'Orders', active: true },
)

test('a test saved in the emulator for a Script and a mocked HTTP Call passes unchanged in `chatflow test`', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: flow.name })
  const document = {
    ...flow,
    id: created.id,
    samples: { lookup: { status: 200, headers: {}, result: { status: 'shipped' } } },
  }
  await apiCall(page, 'flows.save', { document, expectedRevision: created.revision })
  await page.goto(`${studio.url}/#/flows/${created.id}`)
  await page.getByRole('button', { name: 'Test', exact: true }).click()

  const emulator = emulatorPanel(page)
  await emulator.getByLabel('HTTP mode of lookup').selectOption('sample')
  await emulator.getByRole('button', { name: 'Start test' }).click()
  await expect(botMessages(page).last()).toContainText('Tier gold, order shipped')
  await saveAndPass(page, 'gold order')

  const [saved] = await apiCall<Array<{ name: string; yaml: string }>>(page, 'emulator.tests', { flowId: created.id })
  expect(saved!.yaml).toContain('lookup:')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-saved-cli-'))
  try {
    fs.writeFileSync(path.join(dir, 'orders.flow.json'), serialiseFlow(document))
    fs.mkdirSync(path.join(dir, 'orders.tests'))
    fs.writeFileSync(path.join(dir, 'orders.tests', 'gold-order.yaml'), saved!.yaml)
    const cli = spawnSync(
      process.execPath,
      [path.join(serverBuildDir(), 'chatflow.mjs'), 'test', path.join(dir, 'orders.tests')],
      { encoding: 'utf8', timeout: 60_000 },
    )
    expect(cli.stdout).toMatch(/^✓ .*gold-order\.yaml {2}gold order$/m)
    expect(cli.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
    expect(cli.status).toBe(0)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
