import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import {
  templateMessageDefinition,
  type TemplateMessageConfig,
} from '../../../shared/nodes/template_message/definition'
import { runTemplate } from '../../../shared/nodes/template_message/run'
import { flowSettings } from '../../../shared/flow/settings'
import { openDatabase } from '../db/open'
import { InvalidTemplateError, TemplateStore, createTemplatesEffect } from './template-store'

let dir: string
let db: Database
let store: TemplateStore

const ORDER = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  header: { type: 'text', text: 'Order {{1}}' },
  body: 'Hi {{1}}, your order ships on {{2}}.',
  footer: 'Reply STOP to opt out',
  buttons: [
    { type: 'url', text: 'Track', url: 'https://shop.example.com/track/{{1}}' },
    { type: 'quick_reply', text: 'Thanks' },
    { type: 'quick_reply', text: 'Talk to agent' },
  ],
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-tpl-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new TemplateStore(db, () => 1000)
  store.save(ORDER)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function send(patch: Partial<TemplateMessageConfig>, vars: Record<string, unknown> = {}) {
  const config = { ...templateMessageDefinition.defaults(), templateName: 'order_update', language: 'en_US', ...patch }
  return runTemplate({
    config,
    effects: createEffects({ templates: createTemplatesEffect(store) }),
    settings: flowSettings({}),
    vars,
    ...createRenderer(vars),
  })
}

const mapped: Partial<TemplateMessageConfig> = {
  header: { type: 'text', param: '{{order.id}}', mediaUrl: '' },
  bodyParams: ['{{customer_name}}', '{{order.date}}'],
  buttonUrlParam: '{{order.id}}',
  quickReplies: [{ payload: 'thanks_{{order.id}}' }, { payload: '' }],
}
const vars = { customer_name: 'Asha', order: { id: 'A 1/2', date: '3 Jan' } }

describe('Template Message over the local library', () => {
  it('fills every parameter place and sends the channel shape', async () => {
    const out = await send(mapped, vars)
    expect(out.messages).toEqual([
      {
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en_US' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'A 1/2' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Asha' },
                { type: 'text', text: '3 Jan' },
              ],
            },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A%201%2F2' }] },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '1',
              parameters: [{ type: 'payload', payload: 'thanks_A 1/2' }],
            },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '2',
              parameters: [{ type: 'payload', payload: 'Talk to agent' }],
            },
          ],
        },
      },
    ])
    expect(out.output).toMatchObject({
      category: 'UTILITY',
      header: 'Order A 1/2',
      body: 'Hi Asha, your order ships on 3 Jan.',
      footer: 'Reply STOP to opt out',
    })
    expect(out.output.buttons[0]).toEqual({
      type: 'url',
      text: 'Track',
      url: 'https://shop.example.com/track/A%201%2F2',
    })
  })

  it('refuses a mapping whose body parameter count differs from the template', async () => {
    await expect(send({ ...mapped, bodyParams: ['{{customer_name}}'] }, vars)).rejects.toMatchObject({
      code: 'template_param',
      message: expect.stringContaining('has 2 body parameters; the node maps 1'),
    })
  })

  it('refuses a parameter that renders empty', async () => {
    await expect(send(mapped, { ...vars, customer_name: '' })).rejects.toMatchObject({
      code: 'template_param',
      message: 'Body {{1}} is empty once its variables are filled.',
    })
  })

  it('refuses a template missing from the library', async () => {
    await expect(send({ templateName: 'nope' })).rejects.toMatchObject({ code: 'template_not_found' })
    await expect(send({ language: 'es' })).rejects.toMatchObject({ code: 'template_not_found' })
  })

  it('sends a media header by link', async () => {
    store.save({
      ...ORDER,
      name: 'receipt',
      header: { type: 'document', text: '' },
      body: 'Your receipt.',
      buttons: [],
    })
    const out = await send(
      {
        templateName: 'receipt',
        header: { type: 'document', param: '', mediaUrl: 'https://files.example.com/r/{{id}}.pdf' },
      },
      { id: 9 },
    )
    expect(out.messages[0]).toMatchObject({
      template: {
        components: [
          {
            type: 'header',
            parameters: [{ type: 'document', document: { link: 'https://files.example.com/r/9.pdf' } }],
          },
        ],
      },
    })
  })
})

describe('template store', () => {
  it('lists, replaces and deletes by name and language, and survives a reopen', () => {
    store.save({ ...ORDER, language: 'hi' })
    store.save({ ...ORDER, body: 'Changed {{1}} {{2}}' })
    expect(store.list().map((t) => `${t.name}/${t.language}`)).toEqual(['order_update/en_US', 'order_update/hi'])
    db.close()
    db = openDatabase(path.join(dir, 'studio.sqlite'))
    store = new TemplateStore(db)
    expect(store.get('order_update', 'en_US')?.body).toBe('Changed {{1}} {{2}}')
    expect(store.delete('order_update', 'hi')).toBe(true)
    expect(store.delete('order_update', 'hi')).toBe(false)
  })

  it('refuses a template that breaks the channel rules, with every problem', () => {
    try {
      store.save({ ...ORDER, footer: 'Bye {{1}}', body: 'Hi {{2}}' })
      throw new Error('saved an invalid template')
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidTemplateError)
      expect((err as InvalidTemplateError).problems).toHaveLength(2)
    }
    expect(() => store.save({ ...ORDER, name: 'Bad Name' })).toThrow(InvalidTemplateError)
  })
})
