// A Template Message in a flow of several languages sends the template's version in the run's language (issue #35).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { validateFlow } from '../../analysis/validate'
import { startRun } from '../../engine'
import { ASHA, testDeps } from '../../engine/testing/fixtures'
import { NODE_DEFINITIONS } from '../registry'
import { parseFlow, upgradeNodes } from '../load-flow'
import { NODE_VERSION_FIXTURES } from '../testing/versions'
import type { FlowDocument } from '../../flow/document'
import { templateMessageNode } from '.'
import { channelCode, templateVersion } from './languages'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const v1 = () => fs.readFileSync(path.join(ROOT, NODE_VERSION_FIXTURES, 'template-v1.flow.json'), 'utf8')

describe('the version of the template a run sends', () => {
  const c = { language: 'en_US', languages: { es: 'es_MX' } }
  it('the default language sends Language; another the code set for it, else its own tag the channel way', () => {
    expect(templateVersion(c, { default: 'en', current: 'en' })).toEqual({
      language: 'en',
      code: 'en_US',
      chosen: true,
    })
    expect(templateVersion(c, { default: 'en', current: 'es' })).toEqual({
      language: 'es',
      code: 'es_MX',
      chosen: true,
    })
    expect(templateVersion(c, { default: 'en', current: 'pt-BR' })).toEqual({
      language: 'pt-BR',
      code: 'pt_BR',
      chosen: false,
    })
  })

  it.each([
    ['es', 'es'],
    ['pt-BR', 'pt_BR'],
    ['zh-Hant-TW', 'zh_TW'],
    ['EN-gb', 'en_GB'],
  ])('%s is written %s', (tag, code) => expect(channelCode(tag)).toBe(code))
})

describe('per-language codes in the config', () => {
  const problems = (languages: Record<string, string>) =>
    NODE_DEFINITIONS.template_message
      .validate(
        NODE_DEFINITIONS.template_message.configSchema.parse({ templateName: 'hi', language: 'en_US', languages }),
        { nodeId: 'n', nodeName: 't', configPointer: '', languages: { list: ['en', 'es', 'fr'], default: 'en' } },
      )
      .map((p) => `${p.severity} ${p.code} ${p.field}`)

  it('each is a language code, for one of the flow languages other than the default', () => {
    expect(problems({ es: 'es_MX', fr: 'fr' })).toEqual([])
    expect(problems({ es: 'spanish' })).toEqual(['error config.language /languages/es'])
    expect(problems({ es: ' ' })).toEqual(['error config.required /languages/es'])
    expect(problems({ de: 'de' })).toEqual(['warning config.language_unused /languages/de'])
    expect(problems({ en: 'en_GB' })).toEqual(['warning config.language_unused /languages/en'])
  })

  it('every version it can send goes with an export bundle (library)', () => {
    const config = NODE_DEFINITIONS.template_message.configSchema.parse({
      templateName: 'hi',
      language: 'en_US',
      languages: { es: 'es_MX', 'es-AR': 'es_MX', fr: 'fr' },
    })
    expect(templateMessageNode.library!(config)).toEqual({
      templates: [
        { name: 'hi', language: 'en_US' },
        { name: 'hi', language: 'es_MX' },
        { name: 'hi', language: 'fr' },
      ],
    })
  })
})

describe('a document of Template Message version 1', () => {
  it('loads at version 2 with no per-language codes, validates and runs as its current twin', async () => {
    const r = parseFlow(v1())
    if (!r.ok) throw new Error(r.error.message)
    expect(r.migratedNodes.map((m) => [m.nodeName, m.from, m.to])).toEqual([['reminder', 1, 2]])
    const node = r.document.nodes.find((n) => n.name === 'reminder')!
    expect(node).toMatchObject({ typeVersion: 2, config: { language: 'en_US', languages: {} } })
    const raw = JSON.parse(v1()) as FlowDocument
    raw.nodes[1] = { ...raw.nodes[1]!, typeVersion: 2, config: { ...raw.nodes[1]!.config, languages: {} } }
    const parsedTwin = parseFlow(JSON.stringify(raw))
    if (!parsedTwin.ok) throw new Error(parsedTwin.error.message)
    expect(parsedTwin.migratedNodes).toEqual([])
    const twin = parsedTwin.document
    expect(r.document).toEqual(twin)
    expect(validateFlow(r.document)).toEqual(validateFlow(twin))
    const templates = {
      get: async (name: string, language: string) =>
        language === 'en_US'
          ? { name, language, category: 'UTILITY', header: { type: 'none' }, body: 'Hi {{1}}', buttons: [] }
          : null,
    }
    const run = async (doc: FlowDocument) =>
      (
        await startRun(
          doc,
          {
            contact: ASHA,
            trigger: { kind: 'keyword', keyword: 'hello', message: { type: 'text', text: 'hello', id: 'w.1' } },
          },
          testDeps({ effects: { templates } }).deps,
        )
      ).messages
    expect(await run(r.document)).toEqual(await run(twin))
    expect(await run(r.document)).toEqual([
      {
        type: 'template',
        template: {
          name: 'appointment_reminder',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }] }],
        },
      },
    ])
  })

  it('a stored document (no format step) is migrated by the same function', () => {
    const r = upgradeNodes(JSON.parse(v1()) as FlowDocument)
    expect(r.ok && r.migrated).toBe(1)
    expect(r.ok && r.document.nodes[1]).toMatchObject({ typeVersion: 2, config: { languages: {} } })
  })
})

describe("a run in another of the flow's languages", () => {
  const library: Record<string, string> = { en_US: 'Hi {{1}}', es: 'Hola {{1}}', es_MX: 'Qué onda {{1}}' }
  const templates = {
    get: async (name: string, language: string) =>
      library[language]
        ? { name, language, category: 'UTILITY', header: { type: 'none' }, body: library[language], buttons: [] }
        : null,
  }
  function flowWith(languages: Record<string, string>): FlowDocument {
    const r = parseFlow(v1())
    if (!r.ok) throw new Error(r.error.message)
    const doc = r.document
    return {
      ...doc,
      settings: {
        locale: 'en-US',
        timeZone: 'UTC',
        defaultCountry: null,
        languages: { list: ['en', 'es', 'fr'], default: 'en', from: null, detect: false },
      },
      nodes: doc.nodes.map((n) => (n.name === 'reminder' ? { ...n, config: { ...n.config, languages } } : n)),
    }
  }
  async function sent(doc: FlowDocument, language: string) {
    const step = await startRun(
      doc,
      {
        contact: { ...ASHA, language },
        trigger: { kind: 'keyword', keyword: 'hello', message: { type: 'text', text: 'hello', id: 'w.1' } },
      },
      testDeps({ effects: { templates } }).deps,
    )
    const event = step.trace.find((t) => t.nodeName === 'reminder')!
    return {
      code: (step.messages[0] as { template: { language: { code: string } } } | undefined)?.template.language.code,
      event,
    }
  }

  it('sends the version of the run language: the code set for it, else its own tag, the default sends Language', async () => {
    expect((await sent(flowWith({}), 'en')).code).toBe('en_US')
    expect((await sent(flowWith({}), 'es')).code).toBe('es')
    expect((await sent(flowWith({ es: 'es_MX' }), 'es')).code).toBe('es_MX')
  })

  it('a language the library has no version of sends the default one, and the step says so', async () => {
    const { code, event } = await sent(flowWith({}), 'fr')
    expect(code).toBe('en_US')
    expect(event.output).toMatchObject({
      language: 'en_US',
      fallback: "No French (fr) version of template 'appointment_reminder' (fr) in the library; sent en_US.",
    })
  })

  it('a code the node sets that the library lacks fails the node, naming it', async () => {
    const { code, event } = await sent(flowWith({ fr: 'fr_CA' }), 'fr')
    expect(code).toBeUndefined()
    expect(event.error).toMatchObject({
      code: 'template_not_found',
      message: "There is no template 'appointment_reminder' in fr_CA (the code set for fr) in the template library.",
    })
  })
})
