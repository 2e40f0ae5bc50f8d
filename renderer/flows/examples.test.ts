import { describe, expect, it } from 'vitest'
import { readImportFile } from '../../electron/services/transfer/read'
import { EXAMPLES, exampleBundle } from './examples'

describe('example gallery', () => {
  it('offers every example flow of resources/examples with its description and tests', () => {
    expect(EXAMPLES.map((e) => e.key).sort()).toEqual([
      'age-gate',
      'appointment',
      'callback-request',
      'catalogue',
      'customer-service',
      'delivery-alerts',
      'delivery-check',
      'feedback-form',
      'lead-capture',
      'loyalty',
      'order-status',
      'verify-phone',
    ])
    for (const e of EXAMPLES) {
      expect(e.description, e.key).not.toBe('')
      expect(e.testCount, e.key).toBeGreaterThan(0)
      expect(e.starts.length, e.key).toBeGreaterThan(0)
    }
  })

  it("builds a bundle the studio's import accepts, with only the library items the flow uses", () => {
    for (const e of EXAMPLES) {
      const read = readImportFile(`${e.key}.json`, exampleBundle(e.key))
      expect(read.ok ? [] : read.problems, e.key).toEqual([])
      if (!read.ok) continue
      expect(read.content.flows[0]!.tests).toHaveLength(e.testCount)
      const expected = { 'feedback-form': [1, 0], 'delivery-check': [2, 0], catalogue: [0, 6] }[e.key] ?? [0, 0]
      expect([read.content.templates.length, read.content.catalog.length], e.key).toEqual(expected)
    }
  })

  // Issue 30: an example that calls another brings it, so it runs in the emulator at once.
  it('brings the example flows an example calls as the bundle dependencies', () => {
    for (const key of ['callback-request', 'delivery-alerts', 'loyalty']) {
      const read = readImportFile(`${key}.json`, exampleBundle(key))
      expect(read.ok && read.content.dependencies.map((d) => d.id), key).toEqual(['flw_verify_phone'])
    }
    const alone = readImportFile('verify-phone.json', exampleBundle('verify-phone'))
    expect(alone.ok && alone.content.dependencies).toEqual([])
  })

  it('refuses an unknown example by name', () => {
    expect(() => exampleBundle('nope')).toThrow('There is no example called nope.')
  })
})
