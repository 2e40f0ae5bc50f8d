// The split's routes on the publish API, on a real listener over a real SQLite file (split.test.ts holds the
// behaviour on both stores): the key first, strict bodies, and every refusal with its status, code and sentence.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from '../services/db/open'
import { startPublishApi } from '../services/publish/start'
import { storePublishTarget } from './publish-target'
import { SqliteRuntimeStore } from './sqlite-store'
import { splitRoutes } from './split-routes'
import { splitFlow } from './testing/split-flow'

const KEY = 'split-routes-key-0123456789'
const T0 = Date.UTC(2026, 10, 29, 7, 0)
let dir: string
let close: () => Promise<void>
let base: string

async function call(method: string, url: string, body?: unknown, key = KEY) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-split-routes-'))
  const store = new SqliteRuntimeStore(openDatabase(path.join(dir, 'studio.sqlite')))
  const api = await startPublishApi(
    storePublishTarget(
      store,
      splitRoutes(store, () => T0),
    ),
    KEY,
    '127.0.0.1',
    0,
  )
  base = api.url.replace(/\/api\/v1$/, '')
  close = async () => {
    await api.app.close()
    await store.close()
  }
  for (const label of ['A', 'B']) await store.publish(splitFlow(label))
})
afterEach(async () => {
  await close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const SPLIT = '/api/v1/flows/flw_split/split'

it('sets, reads, changes and ends a split', async () => {
  expect(await call('GET', SPLIT)).toEqual({ status: 200, json: { split: null } })
  const set = await call('PUT', SPLIT, { versions: [1, 2], percent: 20 })
  expect(set).toEqual({ status: 200, json: { flowId: 'flw_split', versions: [1, 2], percent: 20, since: T0 } })
  expect((await call('PUT', SPLIT, { versions: [1, 2], percent: 35 })).json).toMatchObject({ percent: 35, since: T0 })
  expect((await call('GET', SPLIT)).json).toEqual({ split: { ...set.json, percent: 35 } })
  const end = await call('DELETE', SPLIT, { keep: 2 })
  expect(end).toMatchObject({ status: 200, json: { flowId: 'flw_split', version: 2, active: true } })
  expect((await call('GET', SPLIT)).json).toEqual({ split: null })
})

it('asks for the key before anything else', async () => {
  expect((await call('PUT', SPLIT, { versions: [1, 2], percent: 20 }, 'wrong-key-0123456789')).status).toBe(401)
  expect((await call('GET', SPLIT)).json).toEqual({ split: null })
})

it('refuses bad bodies and impossible splits with a status, a code and a sentence', async () => {
  const cases: Array<[string, unknown, number, string, string]> = [
    ['PUT', { versions: [1, 2], percent: 0 }, 400, 'bad_request', 'Bad body at percent: at least 1 %'],
    ['PUT', { versions: [1, 2], percent: 100 }, 400, 'bad_request', 'Bad body at percent: at most 99 %'],
    ['PUT', { versions: [1, 2], percent: 12.5 }, 400, 'bad_request', 'Bad body at percent: a whole percent'],
    [
      'PUT',
      { versions: [2, 2], percent: 10 },
      400,
      'bad_request',
      'Bad body at versions: the two versions must differ',
    ],
    ['PUT', { versions: [1], percent: 10 }, 400, 'bad_request', 'Bad body at versions'],
    ['PUT', { versions: [1, 2], percent: 10, extra: 1 }, 400, 'bad_request', 'Unknown field "extra"'],
    ['PUT', '{"versions": [1, 2], ', 400, 'bad_request', ''],
    ['PUT', { versions: [1, 9], percent: 10 }, 422, 'unknown_version', 'Flow flw_split has no published version 9'],
    ['DELETE', { keep: 1 }, 409, 'no_split', 'Flow flw_split has no split running, so there is none to end.'],
    ['DELETE', {}, 400, 'bad_request', 'Bad body at keep'],
    ['DELETE', undefined, 400, 'bad_request', 'The body must be {"keep": <one of the split\'s two versions>}.'],
  ]
  for (const [method, body, status, code, sentence] of cases) {
    const res = await call(method, SPLIT, body)
    const error = res.json.error as { code: string; message: string }
    expect({ status: res.status, code: error.code }, JSON.stringify(body)).toEqual({ status, code })
    expect(error.message).toContain(sentence)
  }
  expect((await call('PUT', '/api/v1/flows/flw_none/split', { versions: [1, 2], percent: 5 })).json).toEqual({
    error: { code: 'not_found', message: 'Flow flw_none is not published on this server; publish it first.' },
  })
  await call('PUT', SPLIT, { versions: [1, 2], percent: 20 })
  expect((await call('DELETE', SPLIT, { keep: 3 })).json).toMatchObject({ error: { code: 'keep_not_in_split' } })
  // Nothing refused changed the split.
  expect((await call('GET', SPLIT)).json).toEqual({
    split: { flowId: 'flw_split', versions: [1, 2], percent: 20, since: T0 },
  })
})
