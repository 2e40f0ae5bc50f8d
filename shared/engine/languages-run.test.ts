import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { resumeRun, startRun } from './machine'
import { localizeConfig } from './localize'
import { nodeCatalog } from '../nodes/runners'
import { setTranslation } from '../flow/translations'
import type { FlowDocument } from '../flow/document'
import type { NodeModule } from '../nodes/types'
import type { NodeCatalog } from './deps'
import type { RunContext } from './runner'
import type { TriggerInput } from './types'

// A run in the contact's language (docs/languages.md): the runners get their configs with the translations put in,
// a text without one is sent in the default language and the trace says so, and flows of one language run as before.

const hi: TriggerInput = { kind: 'keyword', keyword: 'hi', message: { type: 'text', text: 'hi', id: 'wamid.1' } }
const languages = { list: ['en', 'es'], default: 'en', detect: true }

function shop(withLanguages = true): FlowDocument {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'message', name: 'welcome', config: { text: 'Hello {{customer_name}} ({{contact.language}})' } },
      {
        type: 'interactive_message',
        name: 'menu',
        config: {
          body: 'What now?',
          buttons: [
            { id: 'buy', title: 'Buy' },
            { id: 'help', title: 'Help' },
          ],
        },
      },
      { type: 'end', name: 'end_1' },
    ],
    [
      ['trigger_1', 'out', 'welcome'],
      ['welcome', 'out', 'menu'],
      ['menu', 'buy', 'end_1'],
      ['menu', 'help', 'end_1'],
    ],
  )
  if (!withLanguages) return flow
  let doc: FlowDocument = {
    ...flow,
    settings: { locale: 'en-GB', timeZone: 'UTC', defaultCountry: null, languages },
  }
  doc = setTranslation(
    doc,
    'es',
    'n_welcome',
    '/text',
    'Hola {{customer_name}} ({{contact.language}})',
    'Hello {{customer_name}} ({{contact.language}})',
  )
  doc = setTranslation(doc, 'es', 'n_menu', '/body', '¿Y ahora?', 'What now?')
  doc = setTranslation(doc, 'es', 'n_menu', '/buttons/0/title', 'Comprar', 'Buy')
  return doc
}

describe('a run in the contact’s language', () => {
  it('sends the translations, the default text where one is missing, and says so in the node’s trace event', async () => {
    const { deps } = testDeps()
    const r = await startRun(shop(), { contact: { ...ASHA, language: 'es' }, trigger: hi }, deps)
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hola Asha (es)' } })
    expect(r.messages[1]).toMatchObject({
      type: 'interactive',
      interactive: {
        body: { text: '¿Y ahora?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'buy', title: 'Comprar' } },
            { type: 'reply', reply: { id: 'help', title: 'Help' } },
          ],
        },
      },
    })
    expect(r.state.language).toBe('es')
    expect(r.state.vars.contact).toEqual({ language: 'es' })
    const [trigger, welcome, menu] = r.trace
    expect(trigger!.output).toMatchObject({ language: { tag: 'es', how: 'contact' } })
    // The trigger's variables are not touched: the language is in the trace only.
    expect(r.state.vars.trigger_1).not.toHaveProperty('language')
    expect(welcome!.warnings).toEqual([])
    expect(welcome!.translation).toBeUndefined()
    expect(menu!.warnings).toEqual(['Spanish (es) text missing for Button 2 title; sent the English text.'])
    expect(menu!.translation).toEqual({ language: 'es', missing: ['/buttons/1/title'] })
    // The reply is matched by its id, the same in every language.
    const next = await resumeRun(
      shop(),
      r.state,
      { type: 'button_reply', reply: { id: 'buy', title: 'Comprar' } },
      ASHA,
      deps,
    )
    expect(next.trace.map((t) => [t.nodeName, t.port])).toEqual([
      ['menu', 'buy'],
      ['end_1', null],
    ])
    expect(next.trace[0]!.translation).toBeUndefined()
  })

  it('still sends an outdated translation, and says it was translated from an earlier text', async () => {
    const { deps } = testDeps()
    const doc = setTranslation(shop(), 'es', 'n_menu', '/body', '¿Y ahora qué?', 'What then?')
    const r = await startRun(doc, { contact: { ...ASHA, language: 'es' }, trigger: hi }, deps)
    expect(r.messages[1]).toMatchObject({ interactive: { body: { text: '¿Y ahora qué?' } } })
    expect(r.trace[2]!.warnings).toEqual([
      'Spanish (es) text missing for Button 2 title; sent the English text. Spanish (es) text for Body was translated from an earlier text; sent the translation.',
    ])
    expect(r.trace[2]!.translation).toEqual({ language: 'es', missing: ['/buttons/1/title'], outdated: ['/body'] })
  })

  it('speaks the default language, without trace lines, when nothing chooses another', async () => {
    const { deps } = testDeps()
    const r = await startRun(shop(), { contact: ASHA, trigger: hi }, deps)
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hello Asha (en)' } })
    expect(r.trace[0]!.output).toMatchObject({ language: { tag: 'en', how: 'default' } })
    expect(r.trace.some((t) => t.translation || t.warnings.length)).toBe(false)
  })

  it('detects the language of the message that started the run', async () => {
    const { deps } = testDeps()
    const text = 'Hola, quiero reservar una cita para mañana'
    const trigger: TriggerInput = { kind: 'keyword', keyword: 'hola', message: { type: 'text', text } }
    const doc = {
      ...shop(),
      nodes: shop().nodes.map((n) =>
        n.name === 'trigger_1' ? { ...n, config: { ...n.config, keywords: ['hola'] } } : n,
      ),
    }
    const r = await startRun(doc, { contact: ASHA, trigger }, deps)
    expect(r.trace[0]!.output).toMatchObject({ language: { tag: 'es', how: 'detected' } })
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hola Asha (es)' } })
  })

  it('runs a flow of one language exactly as before: no trace lines, the locale as {{contact.language}}', async () => {
    const { deps } = testDeps()
    const r = await startRun(shop(false), { contact: { ...ASHA, language: 'es' }, trigger: hi }, deps)
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hello Asha (en-GB)' } })
    expect(r.trace[0]!.output).not.toHaveProperty('language')
    expect(r.trace.some((t) => t.translation !== undefined || t.warnings.length > 0)).toBe(false)
    expect(r.state.language).toBe('en-GB')
    expect(r).not.toHaveProperty('contactLanguage')
  })

  it('a run stored before languages (no RunState.language) resumes in the default texts', async () => {
    const { deps } = testDeps()
    const first = await startRun(shop(), { contact: { ...ASHA, language: 'es' }, trigger: hi }, deps)
    const old = structuredClone(first.state)
    delete old.language
    const next = await resumeRun(
      shop(),
      old,
      { type: 'button_reply', reply: { id: 'help', title: 'Help' } },
      ASHA,
      deps,
    )
    expect(next.state.status).toBe('ended')
  })
})

// A node that changes the run's language, as Set Language does (shared/nodes/set_language, i35n's).
const speakModule = {
  ...nodeCatalog.node('message')!,
  type: 'speak',
  configSchema: z.object({ language: z.string().default('es') }),
  defaults: () => ({ language: 'es' }),
  customerTexts: () => [],
  textFields: () => [],
  sends: [],
  runner: {
    run: ({ config }: RunContext<{ language: string }>) => ({ kind: 'next', port: 'out', language: config.language }),
  },
} as unknown as NodeModule<never, unknown>
const speakCatalog: NodeCatalog = { node: (type) => (type === 'speak' ? speakModule : nodeCatalog.node(type)) }

describe('changing the language during a run', () => {
  it('speaks the new language from the next node on and tells the host to store it on the contact', async () => {
    const { deps } = testDeps()
    const base = shop()
    const speak = {
      id: 'n_speak',
      type: 'speak',
      name: 'speak_1',
      position: { x: 0, y: 0 },
      config: { language: 'es' },
    }
    const doc: FlowDocument = {
      ...base,
      nodes: [...base.nodes, speak],
      edges: base.edges
        .map((e) => (e.source === 'n_trigger_1' ? { ...e, target: 'n_speak' } : e))
        .concat({
          id: 'e_speak',
          source: 'n_speak',
          sourcePort: 'out',
          target: 'n_welcome',
        }),
    }
    const r = await startRun(doc, { contact: ASHA, trigger: hi }, { ...deps, catalog: speakCatalog })
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hola Asha (es)' } })
    expect(r.state.language).toBe('es')
    expect(r.state.vars.contact).toEqual({ language: 'es' })
    expect(r.contactLanguage).toBe('es')
    // The next step did not change it: nothing to store.
    const next = await resumeRun(doc, r.state, { type: 'button_reply', reply: { id: 'buy', title: 'Comprar' } }, ASHA, {
      ...deps,
      catalog: speakCatalog,
    })
    expect(next).not.toHaveProperty('contactLanguage')
  })
})

describe('localizeConfig', () => {
  it('puts translations in at their pointers, only at declared customer texts, and leaves the node untouched', () => {
    let doc = shop()
    doc = setTranslation(doc, 'es', 'n_menu', '/buttons/0/id', 'comprar', 'buy')
    const menu = doc.nodes.find((n) => n.name === 'menu')!
    const before = structuredClone(menu.config)
    const l = localizeConfig(menu, 'es', doc, nodeCatalog)
    expect(l.config).toMatchObject({
      body: '¿Y ahora?',
      buttons: [
        { id: 'buy', title: 'Comprar' },
        { id: 'help', title: 'Help' },
      ],
    })
    expect(l.missing).toEqual(['/buttons/1/title'])
    expect(menu.config).toEqual(before)
    // The same answer for the same document and node, a fresh one for an edited document.
    expect(localizeConfig(menu, 'es', doc, nodeCatalog)).toBe(l)
    const edited = setTranslation(doc, 'es', 'n_menu', '/buttons/1/title', 'Ayuda', 'Help')
    expect(localizeConfig(menu, 'es', edited, nodeCatalog).missing).toEqual([])
  })

  it('hands the node’s own config over for the default language, a flow of one language, or a language not listed', () => {
    const doc = shop()
    const menu = doc.nodes.find((n) => n.name === 'menu')!
    expect(localizeConfig(menu, 'en', doc, nodeCatalog).config).toBe(menu.config)
    expect(localizeConfig(menu, 'fr', doc, nodeCatalog).config).toBe(menu.config)
    expect(localizeConfig(menu, 'es-MX', doc, nodeCatalog).language).toBe('es')
    const single = shop(false)
    expect(localizeConfig(single.nodes[2]!, 'es', single, nodeCatalog).config).toBe(single.nodes[2]!.config)
  })
})
