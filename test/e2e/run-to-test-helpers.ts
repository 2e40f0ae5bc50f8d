// Shared by the run-to-test specs: a shop on loopback for the order-status example's lookup, the example pointed at
// it, the docs' screenshots, and the built `chatflow test` on a saved test beside the flow's file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { serverBuildDir } from '../../electron/runtime/testing/server-build'
import type { FlowDocument } from '../../shared/flow/document'
import { serialiseFlow } from '../../shared/flow/serialise'

const SHOTS = process.env.CHATFLOW_SHOTS

/** With CHATFLOW_SHOTS=<dir>, the view in both themes (the studio follows the system's), for docs/testing.md. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A shop on loopback answering every order lookup. */
export async function startShop(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ status: 'shipped', carrier: 'DHL', estimated_delivery: '2026-12-02' }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  let open = true
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => (open ? new Promise((r) => server.close(() => ((open = false), r()))) : Promise.resolve()),
  }
}

/** The order-status example with its lookup sent to `shop`. */
export function orderStatus(shop: string): FlowDocument {
  const doc = JSON.parse(fs.readFileSync('resources/examples/order-status.flow.json', 'utf8')) as FlowDocument
  return {
    ...doc,
    nodes: doc.nodes.map((n) =>
      n.name === 'order_lookup' ? { ...n, config: { ...n.config, url: `${shop}/v1/orders/{{order_number}}` } } : n,
    ),
  }
}

/** The built `chatflow test` on `yaml` saved beside `flow`'s file: its output and exit code. */
export function chatflowTest(flow: FlowDocument, yaml: string): { stdout: string; status: number | null } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-run-to-test-cli-'))
  try {
    fs.writeFileSync(path.join(dir, 'order-status.flow.json'), serialiseFlow(flow))
    fs.mkdirSync(path.join(dir, 'order-status.tests'))
    fs.writeFileSync(path.join(dir, 'order-status.tests', 'from-run.yaml'), yaml)
    const cli = spawnSync(
      process.execPath,
      [path.join(serverBuildDir(), 'chatflow.mjs'), 'test', path.join(dir, 'order-status.tests')],
      { encoding: 'utf8', timeout: 60_000 },
    )
    return { stdout: cli.stdout, status: cli.status }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
