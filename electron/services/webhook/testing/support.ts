// Shared by this folder's tests: a real SQLite file in a temp dir, the real listener on 127.0.0.1 port 0.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../../shared/flow/document'
import { openDatabase } from '../../db/open'
import { FlowStore } from '../../store/flows'
import { WebhookListener } from '../listener'
import { SecretStore } from '../secrets'
import type { StartWebhookRun } from '../server'
import { ListenerSettingsSchema, type ListenerSettings } from '../settings'

export interface TestListener {
  url: string
  db: Database
  flows: FlowStore
  secrets: SecretStore
  listener: WebhookListener
  logs: string[]
  /** A new active flow with a webhook trigger; returns its id and secret. */
  webhookFlow(edit?: (doc: FlowDocument) => FlowDocument): { id: string; secret: string; endpoint: string }
  close(): Promise<void>
}

export async function startTestListener(
  startRun: (db: Database) => StartWebhookRun,
  settings: Partial<ListenerSettings> = {},
): Promise<TestListener> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-webhook-'))
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  const flows = new FlowStore(db, Date.now)
  const secrets = new SecretStore(db)
  const logs: string[] = []
  const findFlow = (id: string) => {
    try {
      return flows.get(id).document
    } catch {
      return null
    }
  }
  const listener = new WebhookListener(
    { secrets, findFlow, startRun: startRun(db), log: (m) => logs.push(m) },
    ListenerSettingsSchema.parse({ port: 0, ...settings }),
  )
  const status = await listener.start()
  if (!status.url) throw new Error(`listener did not start: ${status.error?.message}`)
  const url = status.url
  return {
    url,
    db,
    flows,
    secrets,
    listener,
    logs,
    webhookFlow(edit = (d) => d) {
      const { id } = flows.create()
      flows.change(id, 'test', (doc) =>
        edit({
          ...doc,
          active: true,
          nodes: doc.nodes.map((n) =>
            n.type === 'trigger' ? { ...n, config: { ...n.config, kind: 'webhook', dataFields: [] } } : n,
          ),
        }),
      )
      return { id, secret: secrets.rotate(id).secret, endpoint: `${url}/chatbot-webhook/${id}/trigger` }
    },
    async close() {
      await listener.close()
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function post(
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // left as text: the assertion shows it
  }
  return { status: res.status, body: parsed, headers: res.headers }
}
