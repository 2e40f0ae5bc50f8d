import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { startRun } from '../../../shared/engine/machine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { openDatabase } from '../db/open'
import { ContactStore } from '../runs/contacts'
import { createStudioEffects } from './index'
import { TemplateStore } from './template-store'
import { startTestServer, type TestServer } from './testing/server'

let dir: string
let db: Database
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-fx-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
})
afterAll(async () => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
  await server.close()
})

describe('createStudioEffects in a run', () => {
  it('runs lead, template and media nodes against the database and a real server', async () => {
    const contact = new ContactStore(db).ensure({
      phone: '+919800000009',
      name: 'Meera',
      fields: { email: 'meera@x.io' },
    })
    new TemplateStore(db).save({
      name: 'hello',
      language: 'en',
      category: 'UTILITY',
      header: { type: 'none' },
      body: 'Hello {{1}}!',
      buttons: [],
    })
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'lead_management', name: 'lead_1', config: { action: 'get_details' } },
        {
          type: 'template_message',
          name: 'template_message_1',
          config: { templateName: 'hello', language: 'en', bodyParams: ['{{lead_name}}'] },
        },
        {
          type: 'media_message',
          name: 'media_message_1',
          config: { kind: 'image', url: `${server.base}/media/photo.jpg`, caption: 'For {{lead_email}}' },
        },
        { type: 'lead_management', name: 'lead_2', config: { action: 'add_tags', tags: ['greeted'] } },
      ],
      [
        ['trigger_1', 'out', 'lead_1'],
        ['lead_1', 'out', 'template_message_1'],
        ['template_message_1', 'out', 'media_message_1'],
        ['media_message_1', 'out', 'lead_2'],
      ],
    )
    const r = await startRun(
      flow,
      { contact, trigger: { kind: 'manual' } },
      { effects: createStudioEffects(db), catalog: nodeCatalog },
    )
    expect(r.state.status).toBe('ended')
    expect(r.messages).toEqual([
      {
        type: 'template',
        template: {
          name: 'hello',
          language: { code: 'en' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Meera' }] }],
        },
      },
      { type: 'image', image: { link: `${server.base}/media/photo.jpg`, caption: 'For meera@x.io' } },
    ])
    expect(new ContactStore(db).get(contact.id)?.fields.tags).toEqual(['greeted'])
  })
})
