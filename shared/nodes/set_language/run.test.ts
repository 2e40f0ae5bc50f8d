// Set Language through the engine (issue #35): the run speaks the new language from the next node on (its
// translated texts, {{contact.language}}, Question answers read in it), the step tells the host to store it on the
// contact, and a value that is not one of the flow's languages takes Unknown with the language unchanged.
import { describe, expect, it } from 'vitest'
import { resumeRun, startRun } from '../../engine/machine'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import type { FlowDocument } from '../../flow/document'
import type { Contact } from '../../engine/types'

function flow(language: string): FlowDocument {
  const f = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
      { type: 'set_language', name: 'set_lang', config: { language } },
      { type: 'message', name: 'said', config: { text: 'You speak {{contact.language}} (was {{set_lang.previous}})' } },
      {
        type: 'question',
        name: 'ask_day',
        config: { prompt: 'Which day?', retryMessage: 'A day, please.', answerType: 'date', saveTo: 'day' },
      },
      { type: 'message', name: 'unknown', config: { text: 'Not a language: {{set_lang.requested}}' } },
    ],
    [
      ['trigger_1', 'out', 'set_lang'],
      ['set_lang', 'out', 'said'],
      ['said', 'out', 'ask_day'],
      ['set_lang', 'unknown', 'unknown'],
    ],
  )
  return {
    ...f,
    settings: {
      locale: 'en-US',
      timeZone: 'Europe/Madrid',
      defaultCountry: null,
      languages: { list: ['en', 'es'], default: 'en', from: null, detect: false },
    },
    translations: {
      es: {
        n_said: {
          '/text': {
            text: 'Hablas {{contact.language}} (antes {{set_lang.previous}})',
            source: 'You speak {{contact.language}} (was {{set_lang.previous}})',
          },
        },
        n_ask_day: {
          '/prompt': { text: '¿Qué día?', source: 'Which day?' },
          '/retryMessage': { text: 'Un día, por favor.', source: 'A day, please.' },
        },
      },
    },
  }
}

const texts = (messages: Array<{ type: string; text?: { body: string } }>) => messages.map((m) => m.text?.body)

async function start(doc: FlowDocument, data: Record<string, unknown> = {}, contact: Contact = ASHA) {
  const { deps } = testDeps({ now: Date.parse('2026-03-04T10:00:00Z') })
  const step = await startRun(doc, { contact, trigger: { kind: 'webhook', phone_number: contact.phone, data } }, deps)
  return { step, deps }
}

describe('Set Language', () => {
  it('switches the run to the language: the next texts are its translations, and the host is told to store it', async () => {
    const { step } = await start(flow('es'))
    const set = step.trace.find((t) => t.nodeName === 'set_lang')!
    expect(set).toMatchObject({ port: 'out', output: { language: 'es', previous: 'en', requested: 'es' } })
    expect(texts(step.messages as never)).toEqual(['Hablas es (antes en)', '¿Qué día?'])
    expect(step.state.language).toBe('es')
    expect(step.contactLanguage).toBe('es')
  })

  it('takes the language from a template (a menu answer), matching another spelling of a flow language', async () => {
    const { step } = await start(flow('{{trigger_1.data.lang}}'), { lang: 'es-MX' })
    expect(step.trace.find((t) => t.nodeName === 'set_lang')).toMatchObject({
      port: 'out',
      output: { language: 'es', previous: 'en', requested: 'es-MX' },
    })
    expect(step.contactLanguage).toBe('es')
  })

  it('a value that is not a flow language takes Unknown, and the run keeps its language', async () => {
    const { step } = await start(flow('{{trigger_1.data.lang}}'), { lang: 'fr' })
    expect(step.trace.find((t) => t.nodeName === 'set_lang')).toMatchObject({
      port: 'unknown',
      output: { language: 'en', previous: 'en', requested: 'fr' },
    })
    expect(texts(step.messages as never)).toEqual(['Not a language: fr'])
    expect(step.state.language).toBe('en')
    expect(step.contactLanguage).toBeUndefined()
  })

  it('setting the language the run already speaks changes nothing to store', async () => {
    const { step } = await start(flow('en'))
    expect(step.trace.find((t) => t.nodeName === 'set_lang')).toMatchObject({ port: 'out', output: { language: 'en' } })
    expect(step.contactLanguage).toBeUndefined()
  })

  it('after it, a Question reads answers in the new language ("mañana", "el viernes")', async () => {
    for (const [typed, day] of [
      ['mañana', '2026-03-05'],
      ['el viernes', '2026-03-06'],
      ['3 de marzo', '2026-03-03'],
    ]) {
      const { step, deps } = await start(flow('es'))
      const answered = await resumeRun(flow('es'), step.state, { type: 'text', text: typed! }, ASHA, deps)
      expect(answered.state.vars.day, typed).toBe(day)
    }
    // The same answer in an English run is no date: the Question asks again.
    const { step, deps } = await start(flow('en'))
    const answered = await resumeRun(flow('en'), step.state, { type: 'text', text: 'mañana' }, ASHA, deps)
    expect(answered.state.vars.day).toBeUndefined()
    expect(answered.state.status).toBe('paused')
  })

  it("a refused answer in Spanish gets the Spanish retry alone: the parser's reason is English, kept in the output", async () => {
    const { step, deps } = await start(flow('es'))
    const refused = await resumeRun(flow('es'), step.state, { type: 'text', text: 'pasado mañana' }, ASHA, deps)
    expect(texts(refused.messages as never)).toEqual(['Un día, por favor.'])
    expect(refused.trace.at(-1)!.output).toMatchObject({
      code: 'not_a_date',
      reason: 'I couldn\'t read "pasado mañana" as a date.',
    })
    // In English the reason still comes first.
    const en = await start(flow('en'))
    const refusedEn = await resumeRun(flow('en'), en.step.state, { type: 'text', text: 'someday' }, ASHA, en.deps)
    expect(texts(refusedEn.messages as never)).toEqual(['I couldn\'t read "someday" as a date.\nA day, please.'])
  })
})
