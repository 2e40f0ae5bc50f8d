import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

describe('http_call', () => {
  it('has success and failure ports and saves the response under its name', () => {
    expect(portsOf('http_call', {})).toEqual(['success', 'failure'])
    expect(variablesOf('http_call', { saveAs: [{ variable: 'total', path: 'result.total' }] }, 'lookup')).toEqual([
      'lookup.status',
      'lookup.ok',
      'lookup.result',
      'lookup.headers',
      'lookup.duration_ms',
      'lookup.error',
      'lookup.error.code',
      'lookup.error.message',
      'total',
    ])
  })
  it('takes templates in URL, header and query values, body and credentials', () => {
    expect(
      textPointersOf('http_call', {
        headers: [{ key: 'A', value: 'x' }],
        query: [{ key: 'q', value: 'y' }],
        auth: { type: 'bearer', token: 't' },
      }),
    ).toEqual(['/url', '/headers/0/value', '/query/0/value', '/body', '/auth/token'])
  })
  it.each([
    ['valid', { url: 'https://api.test/x/{{id}}' }, []],
    ['missing URL', {}, ['config.required /url']],
    ['no scheme', { url: 'api.test/x' }, ['config.url /url']],
    ['URL from a variable', { url: '{{base_url}}/orders' }, []],
    [
      'bad header name',
      { url: 'https://a.test', headers: [{ key: 'bad header', value: '1' }] },
      ['config.header_name /headers/0/key'],
    ],
    [
      'invalid JSON body',
      { url: 'https://a.test', method: 'POST', bodyType: 'json', body: '{"a": }' },
      ['config.json /body'],
    ],
    [
      'GET with a body warns',
      { url: 'https://a.test', bodyType: 'text', body: 'x' },
      ['warn config.body_ignored /body'],
    ],
    ['basic auth needs a user', { url: 'https://a.test', auth: { type: 'basic' } }, ['config.required /auth/username']],
    ['api key needs a key', { url: 'https://a.test', auth: { type: 'api_key' } }, ['config.required /auth/apiKey']],
    ['timeout too long', { url: 'https://a.test', timeoutMs: 60000 }, ['config.range /timeoutMs']],
    [
      'bad save variable',
      { url: 'https://a.test', saveAs: [{ variable: '1x', path: 'a' }] },
      ['config.variable_name /saveAs/0/variable'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('http_call', config)).toEqual(expected))
})

describe('http_call defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('http_call', {
      method: 'GET',
      url: '',
      headers: [],
      query: [],
      bodyType: 'none',
      body: '',
      timeoutMs: 10000,
      saveAs: [],
      auth: { type: 'none', username: '', password: '', token: '', headerName: 'x-api-key', apiKey: '' },
    })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
