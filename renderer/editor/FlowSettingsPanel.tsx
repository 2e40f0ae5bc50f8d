import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js'
import { useId, useMemo, useState } from 'react'
import { canonicalLocale, flowSettings, isTimeZone, type FlowSettings } from '../../shared/flow/settings'
import { countryName } from '../../shared/nodes/question/answers'
import { Messages } from '../panels/SchemaFields'
import { useEditor, useEditorStore } from './context'
import { SidePanel } from './SidePanel'
import { FlowInterfaceSection } from './FlowInterfaceSection'
import { LanguagesSection } from './LanguagesSection'

// The flow's settings beside the canvas (opened from the toolbar): the locale, time zone and default country that
// Question nodes read answers with. Each change is one undoable edit of the document; problems (an unknown time zone)
// come from validation and show under the field, like a node's.

const LOCALES = [
  'en-GB',
  'en-US',
  'en-IN',
  'en-AU',
  'en-CA',
  'en-ZA',
  'de-DE',
  'de-CH',
  'fr-FR',
  'fr-CA',
  'es-ES',
  'es-MX',
  'pt-BR',
  'pt-PT',
  'it-IT',
  'nl-NL',
  'sv-SE',
  'fi-FI',
  'ru-RU',
  'uk-UA',
  'ja-JP',
  'zh-CN',
  'id-ID',
  'vi-VN',
  'ar-EG',
  'hi-IN',
]

export default function FlowSettingsPanel({ onClose }: { onClose(): void }) {
  const store = useEditorStore()
  const raw = useEditor((s) => s.doc.settings)
  const problems = useEditor((s) => s.problems)
  const settings = flowSettings({ settings: raw })
  const id = useId()
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone])
  const countries = useMemo(countryOptions, [])

  const change = (field: keyof FlowSettings, value: FlowSettings[keyof FlowSettings], label: string) => {
    const doc = store.getState().doc
    const current = flowSettings(doc)
    if (doc.settings && current[field] === value) return
    // One undo step per field while typing, as node fields do.
    store.getState().apply(label, { ...doc, settings: { ...current, [field]: value } }, `settings${field}`)
  }
  const problemsAt = (field: string) => problems.filter((p) => p.pointer === `/settings/${field}`)

  return (
    <SidePanel label="Flow settings" title="Flow settings" closeLabel="Close flow settings" onClose={onClose}>
      <p className="node-panel-description">
        How Question nodes read what customers type: dates, times, numbers and phone numbers; the languages the flow
        speaks; and, under Interface, what other flows give this one and get back when they call it.
      </p>
      {!raw && (
        <p className="node-panel-description">
          This flow has no settings yet, so it reads answers as before they existed (en-GB, UTC). Any change saves them.
        </p>
      )}

      <div className="field">
        <label htmlFor={`${id}-locale`}>Language and region</label>
        <input
          id={`${id}-locale`}
          type="text"
          list={`${id}-locales`}
          value={settings.locale}
          onChange={(e) => change('locale', e.target.value, 'Change the flow locale')}
        />
        <datalist id={`${id}-locales`}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </datalist>
        <LocaleSample locale={settings.locale} />
        <Messages id={`${id}-locale-problems`} problems={problemsAt('locale')} />
      </div>

      <div className="field">
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <select
          id={`${id}-zone`}
          value={settings.timeZone}
          onChange={(e) => change('timeZone', e.target.value, 'Change the flow time zone')}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        {isTimeZone(settings.timeZone) && (
          <span className="answer-context">
            Now there:{' '}
            {new Intl.DateTimeFormat(canonicalLocale(settings.locale) ?? 'en-GB', {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: settings.timeZone,
            }).format(new Date())}
            . &quot;Today&quot; and &quot;tomorrow&quot; are counted here.
          </span>
        )}
        <Messages id={`${id}-zone-problems`} problems={problemsAt('timeZone')} />
      </div>

      <div className="field">
        <label htmlFor={`${id}-country`}>Country of phone numbers typed without a country code</label>
        <select
          id={`${id}-country`}
          value={settings.defaultCountry ?? ''}
          onChange={(e) => change('defaultCountry', e.target.value || null, 'Change the default country')}
        >
          <option value="">The customer&apos;s own country (from their number)</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
        <BusinessNumber onCountry={(code) => change('defaultCountry', code, 'Change the default country')} />
        <Messages id={`${id}-country-problems`} problems={problemsAt('defaultCountry')} />
      </div>
      <LanguagesSection />
      <FlowInterfaceSection />
    </SidePanel>
  )
}

/** Type the business's own number to take its country. */
function BusinessNumber({ onCountry }: { onCountry(code: string): void }) {
  const [number, setNumber] = useState('')
  const id = useId()
  const country = number.trim() ? (parsePhoneNumberFromString(number)?.country ?? null) : null
  return (
    <div className="business-number">
      <label htmlFor={id}>Or take it from your business number</label>
      <input
        id={id}
        type="text"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        placeholder="+44 20 7946 0018"
      />
      {number.trim() &&
        (country ? (
          <button type="button" onClick={() => onCountry(country)}>
            Use {countryName(country)}
          </button>
        ) : (
          <span className="answer-context">Type the number with its country code (+…).</span>
        ))}
    </div>
  )
}

function LocaleSample({ locale }: { locale: string }) {
  const tag = canonicalLocale(locale)
  if (!tag) return null
  const date = new Intl.DateTimeFormat(tag, { timeZone: 'UTC' }).format(Date.UTC(2026, 11, 31))
  const number = new Intl.NumberFormat(tag).format(1250.5)
  return (
    <span className="answer-context">
      {languageName(tag)}: dates like {date}, numbers like {number}.
    </span>
  )
}

function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}

/** Every IANA zone this engine knows, with the current one kept even when it is not among them (shown as a problem). */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const list = all.includes('UTC') ? all : ['UTC', ...all]
  return list.includes(current) ? list : [current, ...list]
}

function countryOptions(): Array<{ code: string; label: string }> {
  return getCountries()
    .map((code) => ({ code, label: `${countryName(code)} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label))
}
