import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { EditorContext } from '../../editor/context'
import { withLanguages } from '../../editor/languages'
import { createEditorStore } from '../../editor/store'
import { flow, node } from '../../editor/testing/docs'
import { NodePanel } from '../../panels/NodePanel'

// The Template Message panel's per-language template codes: a box for each language other than the default, with the
// code it sends when left empty as the placeholder; in a flow of one language, only a line saying how to get them.

const template = (languages: Record<string, string>) =>
  flow([node('t', 'template_message', 'remind', { templateName: 'reminder', language: 'en_US', languages })])

const render = (doc: ReturnType<typeof template>) =>
  renderToStaticMarkup(
    <EditorContext.Provider value={createEditorStore(doc)}>
      <NodePanel nodeId="t" />
    </EditorContext.Provider>,
  )

describe('Template Message languages', () => {
  it('one box per other flow language, the code set shown, the default code as the placeholder', () => {
    const html = render(
      withLanguages(template({ es: 'es_MX' }), {
        list: ['en', 'es', 'pt-BR'],
        default: 'en',
        from: null,
        detect: true,
      }),
    )
    expect(html).toContain('<legend>Template language per flow language</legend>')
    expect(html).toMatch(
      /<label for="[^"]*-es">Spanish \(es\)<\/label><input [^>]*data-pointer="\/languages\/es"[^>]*value="es_MX"/,
    )
    expect(html).toMatch(
      /<label for="[^"]*-pt-BR">Brazilian Portuguese \(pt-BR\)<\/label><input [^>]*placeholder="pt_BR"[^>]*value=""/,
    )
    expect(html).not.toContain('data-pointer="/languages/en"')
  })

  it('no boxes in a flow of one language, a line saying how to get them', () => {
    const html = render(template({}))
    expect(html).not.toContain('<legend>Template language per flow language</legend>')
    expect(html).not.toContain('data-pointer="/languages/')
    expect(html).toContain('add a language to the flow (Flow settings, Languages)')
  })
})
