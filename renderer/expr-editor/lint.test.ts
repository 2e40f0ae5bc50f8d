import { describe, expect, it } from 'vitest'
import { example } from '../../shared/analysis/testing/examples'
import { scopeAt } from './context'
import { templateDiagnostics } from './lint'

const doc = example('order-status')
const { check } = scopeAt(doc, 'n_found')
const diags = (text: string) =>
  templateDiagnostics(text, check).map((d) => ({
    severity: d.severity,
    source: d.source,
    at: text.slice(d.from, d.to),
  }))

describe('templateDiagnostics (lint adapter)', () => {
  it('reports nothing for a valid template over variables available at the node', () => {
    expect(
      diags('Hi {{customer_name}}, your order is {{order_lookup.result.status}} ({{round({{order_lookup.status}})}})'),
    ).toEqual([])
  })

  it('turns syntax errors into red (error) ranges where they are', () => {
    const d = diags('Total {{sum(1, }}')
    expect(d.length).toBeGreaterThan(0)
    expect(d.every((x) => x.severity === 'error')).toBe(true)
    const unclosed = templateDiagnostics('Hi {{name', check)
    expect(unclosed[0]).toMatchObject({ severity: 'error', source: 'unclosed-placeholder', from: 3 })
  })

  it('turns unknown variables and paths into yellow (warning) ranges on the unknown part', () => {
    expect(diags('Hi {{nobody}}')).toEqual([{ severity: 'warning', source: 'unknown-variable', at: 'nobody' }])
    expect(diags('{{order_lookup.result.colour}}')).toEqual([
      { severity: 'warning', source: 'unknown-path', at: 'colour' },
    ])
  })

  it('warns about a node that runs after this one, which has no output yet', () => {
    expect(diags('{{too_many_tries}}')[0]).toMatchObject({ severity: 'warning', source: 'unknown-variable' })
    // ask_order runs before order_found: its answer is known there.
    expect(diags('{{ask_order.answer}}')).toEqual([])
  })

  it('unknown functions are errors; ranges never leave the text', () => {
    const text = '{{nope(1)}}'
    const d = templateDiagnostics(text, check)
    expect(d.some((x) => x.severity === 'error' && x.source === 'unknown-function')).toBe(true)
    for (const x of templateDiagnostics('{{', check)) expect(x.to).toBeLessThanOrEqual(2)
  })
})
