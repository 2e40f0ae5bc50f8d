import { describe, expect, it } from 'vitest'
import { NODE_DEFINITIONS } from '../registry'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'
import { setLanguageNode } from '.'

const problemsIn = (languages: string[], language: string) =>
  NODE_DEFINITIONS.set_language.validate(
    { language },
    {
      nodeId: 'n',
      nodeName: 'set_language_1',
      configPointer: '/nodes/2/config',
      languages: { list: languages, default: languages[0]! },
    },
  )

describe('set_language', () => {
  it('leaves by Set, or by Not a flow language, and saves the new and the previous language', () => {
    expect(portsOf('set_language', {})).toEqual(['out', 'unknown'])
    expect(variablesOf('set_language', {})).toEqual([
      'set_language_1.language',
      'set_language_1.previous',
      'set_language_1.requested',
    ])
  })

  it('its language is a template field ({{button_id}} after a menu: rename and the reference index walk it)', () => {
    expect(textPointersOf('set_language', { language: '{{button_id}}' })).toEqual(['/language'])
  })

  it('needs a language; one written as is must be one of the flow languages', () => {
    expect(problemsOf('set_language', {})).toEqual(['config.required /language'])
    expect(problemsIn(['en', 'es'], 'es')).toEqual([])
    expect(problemsIn(['en', 'es'], 'es-MX')).toEqual([])
    const [p] = problemsIn(['en', 'es'], 'fr')
    expect(p).toMatchObject({ code: 'config.language', field: '/language', pointer: '/nodes/2/config/language' })
    expect(p!.message).toBe(
      "'fr' is not one of the flow's languages (en, es); add it in the flow's settings or pick one of them.",
    )
    // A template is read at run time: an answer that is no flow language takes Unknown then.
    expect(problemsIn(['en', 'es'], '{{button_id}}')).toEqual([])
  })

  it('a fixed language never takes Unknown (coverage and the unconnected-port check leave it out); a template can', () => {
    expect(setLanguageNode.idlePorts!({ language: 'es' }).map((p) => p.port)).toEqual(['unknown'])
    expect(setLanguageNode.idlePorts!({ language: '{{button_id}}' })).toEqual([])
    expect(setLanguageNode.idlePorts!({ language: '' })).toEqual([])
  })
})

describe('set_language defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('set_language', { language: '' })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
