import { describe, expect, it } from 'vitest'
import { NODE_TYPES, type NodeType } from '../flow/node-types'
import { NODE_DEFINITIONS } from './registry'

// What a new node of each type starts with (defaults(), used by the canvas), and what a field left out of a file
// means (the schema's defaults). They agree except for starter list items: a new node gets one or two so it has
// ports and a row to fill in, while a list left out of a hand-written file is empty and validation says so.

const DEFAULTS: Record<NodeType, Record<string, unknown>> = {
  trigger: { kind: 'keyword', keywords: [], matchMode: 'exact', payloadPrefix: '', targetVariable: '', dataFields: [] },
  message: { text: '', previewUrl: false },
  interactive_message: { mode: 'buttons', header: { type: 'none', text: '', mediaUrl: '' }, body: '', footer: '' },
  question: {
    prompt: '', saveTo: '', answerType: 'text', choices: [], pattern: '', min: null, max: null, future: false, notBefore: '', notAfter: '',
    retryMessage: "Sorry, I didn't get that. Please try again.", explainRefusal: true, maxAttempts: 3,
  },
  condition: { join: 'and' },
  router: {},
  http_call: {
    method: 'GET', url: '', headers: [], query: [], bodyType: 'none', body: '', timeoutMs: 10000, saveAs: [],
    auth: { type: 'none', username: '', password: '', token: '', headerName: 'x-api-key', apiKey: '' },
  },
  script: { code: 'return {}', inputs: [], outputs: [], timeoutMs: 1000 },
  lead_management: { action: 'get_details', prefix: 'lead_', fields: [], tags: [] },
  template_message: { templateName: '', language: 'en_US', category: 'UTILITY', header: { type: 'none', param: '', mediaUrl: '' }, bodyParams: [], buttonUrlParam: '', quickReplies: [] },
  media_message: { kind: 'image', url: '', caption: '', filename: '', file: null },
  spm: { catalogId: '', productId: '', body: '', footer: '' },
  mpm: { catalogId: '', header: '', body: '', footer: '' },
  chat_flow: { flowId: '', header: '', body: '', footer: '', cta: 'Open form', mode: 'published', action: 'navigate', endpoint: { url: '', publicKey: '', plaintext: false }, responseMapping: [] },
  end: {},
}

/** Starter items a new node gets; the schema default of these lists is empty. */
const STARTER: Partial<Record<NodeType, Record<string, unknown>>> = {
  interactive_message: {
    buttons: [{ id: 'yes', title: 'Yes' }, { id: 'no', title: 'No' }],
    list: { buttonLabel: 'Choose', sections: [{ title: 'Options', rows: [{ id: 'option_1', title: 'Option 1', description: '' }] }] },
  },
  condition: { rules: [{ left: '', operator: 'is_not_empty' }] },
  router: { routes: [{ id: 'route_1', name: 'Route 1', join: 'and', rules: [{ left: '', operator: 'equals', right: '' }] }] },
  mpm: { sections: [{ title: '', productIds: [] }] },
  chat_flow: { screens: [{ id: 'FORM', title: 'Form', fields: [], refreshOnBack: false }] },
}
const EMPTY_STARTER: Partial<Record<NodeType, Record<string, unknown>>> = {
  interactive_message: { buttons: [], list: { buttonLabel: '', sections: [] } },
  condition: { rules: [] },
  router: { routes: [] },
  mpm: { sections: [] },
  chat_flow: { screens: [] },
}

describe('node defaults', () => {
  it.each(NODE_TYPES)('%s: a new node starts with exactly the documented settings', (t) => {
    expect(NODE_DEFINITIONS[t].defaults()).toEqual({ ...DEFAULTS[t], ...STARTER[t] })
  })

  it.each(NODE_TYPES)('%s: a field left out of a file takes the same default (starter lists excepted)', (t) => {
    expect(NODE_DEFINITIONS[t].configSchema.parse({})).toEqual({ ...DEFAULTS[t], ...EMPTY_STARTER[t] })
  })

  it.each(NODE_TYPES)('%s: a new node passes its own config checks except for what the author must fill in', (t) => {
    const def = NODE_DEFINITIONS[t]
    const problems = def.validate(def.defaults(), { nodeId: 'n', nodeName: `${t}_1`, configPointer: '' })
    // Only "fill this in" problems: a default that broke a channel limit or a rule would be a bug.
    for (const p of problems) expect(p.code, `${t}: ${p.message}`).toMatch(/^(config\.required|limit\.products_count)$/)
  })
})
