import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { StepDetail } from './StepDetail'

describe('StepDetail', () => {
  it("draws an Intent step's scores as a table, highest first, the taken port marked, and names the provider", () => {
    const html = renderToStaticMarkup(
      <StepDetail
        event={{
          nodeName: 'intent_1',
          port: 'cancel',
          detail: { scores: { track: 0.12, cancel: 0.74, human: 0.3 }, provider: 'offline' },
        }}
      />,
    )
    expect(html).toContain('aria-label="Scores of intent_1"')
    expect(html).toContain('Provider: <strong>offline classifier</strong>')
    const rows = [...html.matchAll(/<th scope="row">(\w+)/g)].map((m) => m[1])
    expect(rows).toEqual(['cancel', 'human', 'track'])
    expect(html).toMatch(
      /<tr class="chosen" aria-current="true"><th scope="row">cancel<span class="step-chosen"> \(taken\)/,
    )
    expect(html).toContain('0.74')
  })

  it('draws nothing for a step without detail', () => {
    expect(renderToStaticMarkup(<StepDetail event={{ nodeName: 'm', port: 'out' }} />)).toBe('')
  })
})
