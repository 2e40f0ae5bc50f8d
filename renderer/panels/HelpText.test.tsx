import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { EditorContext } from '../editor/context'
import { createEditorStore } from '../editor/store'
import { flow, node } from '../editor/testing/docs'
import { HelpText } from './HelpText'
import { NodePanel } from './NodePanel'

const html = (text: string) => renderToStaticMarkup(<HelpText text={text} />)

describe('HelpText', () => {
  it('draws paired backticks as code and keeps the words around them', () => {
    expect(html('or read `text` (the message)')).toBe('or read <code>text</code> (the message)')
    expect(html('`a` and `b`')).toBe('<code>a</code> and <code>b</code>')
  })

  it('leaves text without backticks, or with one unpaired, as typed', () => {
    expect(html('plain {{ }} help')).toBe('plain {{ }} help')
    expect(html('a lone ` tick')).toBe('a lone ` tick')
    expect(html('`a` then a lone `')).toBe('`a` then a lone `')
  })

  it("is what a panel shows: the Extract node's Read help has no raw backticks", () => {
    const store = createEditorStore(flow([node('n1', 'extract', 'extract_1', {})]))
    const panel = renderToStaticMarkup(
      <EditorContext.Provider value={store}>
        <NodePanel nodeId="n1" />
      </EditorContext.Provider>,
    )
    expect(panel).toContain('or read <code>text</code>')
    expect(panel).not.toMatch(/>[^<]*`[^<]*</)
  })
})
