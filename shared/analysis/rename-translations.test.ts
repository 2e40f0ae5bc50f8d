import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import { setTranslation, translationOf } from '../flow/translations'
import { renameNode } from './rename'
import { validateFlow } from './validate'

// A rename rewrites the flow's translations as it rewrites the texts they translate (docs/languages.md): a Spanish
// text reading {{ask_name.value}} keeps reading the renamed node, and is not made outdated by the rename.
describe('renaming a node read by translations', () => {
  it('rewrites the translations and their sources, and leaves them neither broken nor outdated', () => {
    const base = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'question', name: 'ask_name', config: { prompt: 'Your name?', saveTo: 'name' } },
        { type: 'message', name: 'greet', config: { text: 'Hello {{ask_name.value}}' } },
      ],
      [
        ['trigger_1', 'out', 'ask_name'],
        ['ask_name', 'out', 'greet'],
      ],
    )
    const greet = base.nodes.find((n) => n.name === 'greet')!
    const doc = setTranslation(
      {
        ...base,
        settings: {
          locale: 'en-GB',
          timeZone: 'UTC',
          defaultCountry: null,
          languages: { list: ['en', 'es'], default: 'en', from: null, detect: true },
        },
      },
      'es',
      greet.id,
      '/text',
      'Hola {{ask_name.value}}',
      'Hello {{ask_name.value}}',
    )
    const r = renameNode(doc, base.nodes.find((n) => n.name === 'ask_name')!.id, 'ask_customer')
    if (!r.ok) throw new Error(r.problem.message)
    expect(r.count).toBe(2)
    expect(translationOf(r.document, 'es', greet.id, '/text')).toEqual({
      text: 'Hola {{ask_customer.value}}',
      source: 'Hello {{ask_customer.value}}',
    })
    const codes = validateFlow(r.document).map((p) => p.code)
    expect(codes).not.toContain('translation.placeholders')
    expect(codes).not.toContain('translation.outdated')
  })
})
