import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import { example } from './testing/examples'
import { parseFlow } from '../nodes/load-flow'
import { serialiseFlow } from '../flow/serialise'
import { flowSettings, LEGACY_SETTINGS, machineSettings } from '../flow/settings'
import { validateFlow } from './validate'

const bare = () => buildFlow([{ type: 'trigger', name: 'trigger_1' }], [])

describe('flow settings', () => {
  it('read as the legacy ones in documents written before they existed (the migration)', () => {
    const old = { ...bare() }
    delete old.settings
    const loaded = parseFlow(JSON.stringify(old))
    expect(loaded.ok && loaded.document.settings).toBeUndefined()
    expect(flowSettings(old)).toEqual({ locale: 'en-GB', timeZone: 'UTC', defaultCountry: null })
    // A version-0 sketch too: it never had settings.
    const sketch = parseFlow(JSON.stringify({ id: 'f', name: 'F', nodes: [], edges: [] }))
    expect(sketch.ok && flowSettings(sketch.document)).toEqual(LEGACY_SETTINGS)
  })

  it('fill in what a hand-written file leaves out', () => {
    expect(flowSettings({ settings: { timeZone: 'Asia/Kolkata' } })).toEqual({
      locale: 'en-GB',
      timeZone: 'Asia/Kolkata',
      defaultCountry: null,
    })
  })

  it('survive a save and a load, written after the other document fields', () => {
    const doc = { ...bare(), settings: { locale: 'de-DE', timeZone: 'Europe/Berlin', defaultCountry: 'DE' } }
    const text = serialiseFlow(doc)
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe('settings')
    const back = parseFlow(text)
    expect(back.ok && back.document).toEqual(doc)
  })

  it('are refused where they name no real locale, time zone or country', () => {
    const doc = { ...bare(), settings: { locale: 'english', timeZone: 'Europe/Londn', defaultCountry: 'UK' } }
    const codes = validateFlow(doc)
      .filter((p) => p.code.startsWith('settings.'))
      .map((p) => `${p.code} ${p.pointer}`)
    expect(codes).toEqual([
      'settings.locale /settings/locale',
      'settings.time_zone /settings/timeZone',
      'settings.country /settings/defaultCountry',
    ])
    const good = { ...bare(), settings: { locale: 'pt-BR', timeZone: 'America/Sao_Paulo', defaultCountry: 'BR' } }
    expect(validateFlow(good).filter((p) => p.code.startsWith('settings.'))).toEqual([])
  })

  it("of a new flow are the studio machine's locale and time zone", () => {
    const s = machineSettings()
    expect(s.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(s.defaultCountry).toBeNull()
  })

  it('are set in the appointment example, which books in London, in English and Spanish', () => {
    expect(example('appointment').settings).toEqual({
      locale: 'en-GB',
      timeZone: 'Europe/London',
      defaultCountry: 'GB',
      languages: { list: ['en', 'es'], default: 'en', detect: true },
    })
  })
})
