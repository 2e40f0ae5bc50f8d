import { useState } from 'react'
import { useStore } from 'zustand'
import type { EmulatorTrigger } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'
import { AD_FIELDS, TRIGGER_KINDS } from '../../shared/nodes/trigger/definition'
import { triggerKindOf } from '../../shared/nodes/trigger/kind'
import { parseRelaxedObject } from './relaxed'
import { StartAt } from './StartAt'
import type { EmulatorStore } from './session-store'
import { triggerConfigOf } from '../../shared/nodes/trigger/config'
import { startsFlow } from '../../shared/nodes/behaviour-of'

type Kind = (typeof TRIGGER_KINDS)[number]
const LABEL: Record<Kind, string> = {
  keyword: 'Keyword',
  webhook: 'Webhook',
  button_click: 'Button click',
  ad_click: 'Ad click',
  manual: 'Manual',
}

/** The flow's own trigger kinds first: a test usually starts the way production will. */
function defaultKind(doc: FlowDocument): Kind {
  const t = doc.nodes.find((n) => startsFlow(n.type))
  return (t && triggerKindOf(t)) ?? 'manual'
}

export function StartPanel({ store, doc }: { store: EmulatorStore; doc: FlowDocument }) {
  const busy = useStore(store, (s) => s.busy)
  const [kind, setKind] = useState<Kind>(() => defaultKind(doc))
  const [text, setText] = useState(() => {
    const trigger = doc.nodes.find((n) => triggerKindOf(n) === 'keyword')
    return (trigger && triggerConfigOf(trigger)?.keywords[0]) ?? ''
  })
  const [data, setData] = useState('{\n  \n}')
  const [buttonId, setButtonId] = useState('')
  const [payload, setPayload] = useState(() => {
    const trigger = doc.nodes.find((n) => triggerKindOf(n) === 'button_click')
    return (trigger && triggerConfigOf(trigger)?.payloadPrefix) ?? ''
  })
  const [ad, setAd] = useState<Record<string, string>>({
    headline: '',
    source_id: '',
    source_type: 'ad',
    ctwa_clid: '',
  })
  const [presets, setPresets] = useState('')
  const [startNodeId, setStartNodeId] = useState('')
  const [error, setError] = useState<string | null>(null)

  const go = () => {
    setError(null)
    const parsedData =
      kind === 'webhook' || kind === 'manual' ? parseRelaxedObject(data) : { ok: true as const, value: {} }
    if (!parsedData.ok) return setError(`Data: ${parsedData.message}`)
    const parsedPresets = presets.trim() ? parseRelaxedObject(presets) : { ok: true as const, value: {} }
    if (!parsedPresets.ok) return setError(`Preset variables: ${parsedPresets.message}`)
    let trigger: EmulatorTrigger
    if (kind === 'keyword') trigger = { kind, text }
    else if (kind === 'webhook')
      trigger = {
        kind,
        data: parsedData.value as never,
        message_text: text || undefined,
        button_id: buttonId || undefined,
      }
    else if (kind === 'button_click') trigger = { kind, payload, text }
    else if (kind === 'ad_click')
      trigger = { kind, text, ad: Object.fromEntries(Object.entries(ad).filter(([, v]) => v)) }
    else trigger = { kind, data: parsedData.value as never }
    void store.getState().start(trigger, { presets: parsedPresets.value, startNodeId: startNodeId || undefined })
  }

  return (
    <fieldset className="emu-start" aria-label="Start a test">
      <legend>Start</legend>
      <div className="emu-kinds" role="radiogroup" aria-label="Trigger kind">
        {TRIGGER_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name="emu-kind" checked={kind === k} onChange={() => setKind(k)} />
            {LABEL[k]}
          </label>
        ))}
      </div>
      {(kind === 'keyword' || kind === 'ad_click' || kind === 'button_click' || kind === 'webhook') && (
        <label className="emu-field">
          {kind === 'keyword'
            ? 'Message'
            : kind === 'button_click'
              ? 'Button label'
              : kind === 'webhook'
                ? 'message_text'
                : 'Message with the click'}
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={kind === 'keyword' ? 'Keyword message' : 'Trigger text'}
          />
        </label>
      )}
      {kind === 'button_click' && (
        <label className="emu-field">
          Payload
          <input value={payload} onChange={(e) => setPayload(e.target.value)} aria-label="Button payload" />
        </label>
      )}
      {kind === 'webhook' && (
        <label className="emu-field">
          button_id
          <input value={buttonId} onChange={(e) => setButtonId(e.target.value)} aria-label="button_id" />
        </label>
      )}
      {(kind === 'webhook' || kind === 'manual') && (
        <label className="emu-field">
          data (JSON)
          <textarea
            rows={4}
            value={data}
            onChange={(e) => setData(e.target.value)}
            aria-label="Trigger data"
            spellCheck={false}
          />
        </label>
      )}
      {kind === 'ad_click' &&
        AD_FIELDS.filter((f) => f !== 'welcome_message').map((f) => (
          <label key={f} className="emu-field">
            {f}
            <input value={ad[f] ?? ''} onChange={(e) => setAd({ ...ad, [f]: e.target.value })} aria-label={`Ad ${f}`} />
          </label>
        ))}
      <StartAt doc={doc} startNodeId={startNodeId} presets={presets} onChange={setStartNodeId} onPreset={setPresets} />
      <details open={Boolean(startNodeId) || undefined}>
        <summary>Preset variables</summary>
        <textarea
          rows={3}
          value={presets}
          onChange={(e) => setPresets(e.target.value)}
          aria-label="Preset variables"
          placeholder="{ name: 'Asha' }"
          spellCheck={false}
        />
      </details>
      {error && (
        <p role="alert" className="emu-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="emu-primary"
        onClick={go}
        disabled={busy || (kind === 'keyword' && !text.trim()) || (kind === 'button_click' && !payload)}
      >
        Start test
      </button>
    </fieldset>
  )
}
