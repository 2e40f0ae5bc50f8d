// The generator and coverage reach a Set Language node (issue #35): a language menu's buttons take each Set Language
// and the translated texts after it; a fixed language's Unknown port is no branch (idle); a template's Unknown is a
// branch the generator lists as not taken, with its reason, since no button of the menu gives another value.
import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import { branchPorts } from '../engine/conversation/coverage'
import type { FlowDocument } from '../flow/document'
import { generateSuite } from './suite'
import { exampleDeps } from './testing/deps'

function menuFlow(setter: string): FlowDocument {
  const f = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      {
        type: 'interactive_message',
        name: 'pick',
        config: {
          mode: 'buttons',
          body: 'Language?',
          buttons: [
            { id: 'en', title: 'English' },
            { id: 'es', title: 'Español' },
          ],
        },
      },
      { type: 'set_language', name: 'set_lang', config: { language: setter } },
      { type: 'message', name: 'hello', config: { text: 'Hello in {{contact.language}}' } },
      { type: 'message', name: 'other', config: { text: 'Not a language' } },
    ],
    [
      ['trigger_1', 'out', 'pick'],
      ['pick', 'en', 'set_lang'],
      ['pick', 'es', 'set_lang'],
      ['set_lang', 'out', 'hello'],
      ['set_lang', 'unknown', 'other'],
    ],
  )
  return {
    ...f,
    settings: {
      locale: 'en-GB',
      timeZone: 'UTC',
      defaultCountry: null,
      languages: { list: ['en', 'es'], default: 'en', from: null, detect: false },
    },
    translations: {
      es: { n_hello: { '/text': { text: 'Hola en {{contact.language}}', source: 'Hello in {{contact.language}}' } } },
    },
  }
}

describe('Set Language in generated tests and coverage', () => {
  it('the menu takes it with each button, and the tests expect the text in the language set', async () => {
    const suite = await generateSuite(menuFlow('{{button_id}}'), exampleDeps(), {
      now: () => Date.parse('2026-06-01T09:00:00Z'),
    })
    const said = JSON.stringify(suite.tests.map((t) => t.test.turns))
    expect(said).toContain('Hola en es')
    expect(said).toContain('Hello in en')
    expect(suite.tests.flatMap((t) => t.covers)).toContain('n_set_lang\u0000out')
    // No button gives a value that is not a flow language: Unknown is listed as not taken, with why.
    expect(suite.unreached.map((u) => `${u.nodeName} ${u.port}`)).toEqual(['set_lang unknown', 'other out'])
  }, 60_000)

  it('a fixed language: Unknown is no branch to take, so nothing is left unreached', async () => {
    const full = menuFlow('es')
    // Nothing connected to Unknown (validation asks for nothing there either): the message after it never runs.
    const doc = { ...full, edges: full.edges.filter((e) => e.sourcePort !== 'unknown') }
    expect(
      branchPorts(
        doc,
        doc.nodes.find((n) => n.name === 'set_lang')!,
      ).map((p) => p.id),
    ).toEqual(['out'])
    const suite = await generateSuite(doc, exampleDeps(), { now: () => Date.parse('2026-06-01T09:00:00Z') })
    expect(suite.unreached.map((u) => `${u.nodeName} ${u.port}`)).toEqual(['other out'])
    expect(JSON.stringify(suite.tests.map((t) => t.test.turns))).toContain('Hola en es')
  }, 60_000)
})
