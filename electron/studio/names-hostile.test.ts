// Issue 18, case 9: a lone surrogate in a flow name was stored as broken UTF-8, and NUL or ANSI escapes were taken
// in names and ids. Names and ids are now NFC, without control characters, and well-formed UTF-16.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FLOW_FORMAT } from '../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from './testing/backend'

let temp: TempBackend
beforeEach(() => (temp = createTempBackend({ log: () => undefined })))
afterEach(() => temp.cleanup())

it.each([
  ['a lone surrogate', 'Orders \uD800', /broken character/],
  ['a NUL', 'Orders\u0000', /control character \(U\+0000\)/],
  ['an ANSI escape', '\u001b[31mOrders', /control character \(U\+001B\)/],
  ['a bidirectional override', 'Orders \u202Egnp.exe', /control character \(U\+202E\)/],
  ['a right-to-left mark', 'Orders\u200F', /control character \(U\+200F\)/],
  ['a zero width space', 'Ord\u200Bers', /control character \(U\+200B\)/],
  ['a byte order mark', 'Ord\uFEFFers', /control character \(U\+FEFF\)/],
])('refuses a flow name with %s, on create and on rename', async (_what, name, message) => {
  const created = await temp.backend.call('flows.create', { name })
  expect(created).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(message) } })
  const flow = expectOk(await temp.backend.call('flows.create', { name: 'Fine' }))
  expect(await temp.backend.call('flows.rename', { id: flow.id, name })).toMatchObject({
    ok: false,
    error: { code: 'bad_request' },
  })
  expect(expectOk(await temp.backend.call('flows.list', {})).map((f) => f.name)).toEqual(['Fine'])
})

it('keeps the zero width joiner and non-joiner that emoji and several scripts need', async () => {
  for (const name of ['Family 👨\u200D👩\u200D👧', 'می\u200Cخواهم'])
    expect(expectOk(await temp.backend.call('flows.create', { name })).name).toBe(name)
})

it('stores names in composed form, so one name typed two ways is one name', async () => {
  const decomposed = 'Cafe\u0301 orders'
  const flow = expectOk(await temp.backend.call('flows.create', { name: decomposed }))
  expect(flow.name).toBe('Café orders')
  expect(flow.name).toBe(decomposed.normalize('NFC'))
  const found = expectOk(await temp.backend.call('flows.list', { search: 'café' }))
  expect(found.map((f) => f.id)).toEqual([flow.id])
})

it('refuses an imported flow whose id or node id carries a control character, naming where', async () => {
  const trigger = {
    id: 'n_t\u0007',
    type: 'trigger',
    name: 'trigger_1',
    position: { x: 0, y: 0 },
    config: { kind: 'keyword', keywords: ['hi'] },
  }
  const doc = {
    format: FLOW_FORMAT,
    id: 'flw_ok',
    name: 'Bell',
    active: false,
    nodes: [trigger],
    edges: [],
    samples: {},
    webhookSecretRef: null,
  }
  const res = await temp.backend.call('transfer.import', {
    fileName: 'bell.flow.json',
    text: JSON.stringify(doc),
    onConflict: 'replace',
    choices: {},
  })
  expect(res).toMatchObject({
    ok: false,
    error: {
      code: 'invalid_file',
      message: expect.stringMatching(/\/nodes\/0\/id: A node id holds an invisible control character \(U\+0007\)/),
    },
  })
  const badId = await temp.backend.call('transfer.import', {
    fileName: 'nul.flow.json',
    text: JSON.stringify({ ...doc, id: 'flw_\u0000', nodes: [{ ...trigger, id: 'n_t' }] }),
    onConflict: 'replace',
    choices: {},
  })
  expect(badId).toMatchObject({
    ok: false,
    error: { code: 'invalid_file', message: expect.stringMatching(/\/id: A flow id holds/) },
  })
  expect(expectOk(await temp.backend.call('flows.list', {}))).toEqual([])
})

it('refuses an imported flow id that cannot be part of the webhook address', async () => {
  const trigger = {
    id: 'n_t',
    type: 'trigger',
    name: 'trigger_1',
    position: { x: 0, y: 0 },
    config: { kind: 'keyword', keywords: ['hi'] },
  }
  for (const id of ['../../etc', '.hidden', 'flw a', 'flw/x', 'flw?x=1', 'x'.repeat(129)]) {
    const doc = {
      format: FLOW_FORMAT,
      id,
      name: 'Path',
      active: false,
      nodes: [trigger],
      edges: [],
      samples: {},
      webhookSecretRef: null,
    }
    const res = await temp.backend.call('transfer.import', {
      fileName: 'p.flow.json',
      text: JSON.stringify(doc),
      onConflict: 'replace',
      choices: {},
    })
    expect(res, id).toMatchObject({
      ok: false,
      error: { code: 'invalid_file', message: expect.stringMatching(/\/id: A flow id may hold only letters/) },
    })
  }
  expect(expectOk(await temp.backend.call('flows.list', {}))).toEqual([])
})
