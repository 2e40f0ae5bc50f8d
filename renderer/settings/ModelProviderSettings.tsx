import { Check, X } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ModelSettingsView, ModelTestResult } from '../../shared/api/commands/model'
import { api } from '../api'

/**
 * Settings → Model provider: an OpenAI-compatible chat endpoint (a local server such as Ollama or LM Studio, or a
 * cloud API) that Intent and Extract nodes set to "model" ask. Never required: the offline classifier needs none.
 * The key is written, never shown again; "Test connection" asks the endpoint with what is typed (unsaved edits
 * included) and says what happened where the button is.
 */
export function ModelProviderSettings() {
  const [saved, setSaved] = useState<ModelSettingsView | null>(null)
  const [baseUrl, setBaseUrl] = useState('')
  const [model, setModel] = useState('')
  const [key, setKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [testing, setTesting] = useState(false)
  const [result, setResult] = useState<ModelTestResult | null>(null)
  /** The Test connection being waited for; Cancel stops waiting (the back end's own deadline ends the request). */
  const attempt = useRef(0)

  const show = useCallback((view: ModelSettingsView) => {
    setSaved(view)
    setBaseUrl(view.baseUrl)
    setModel(view.model)
    setKey('')
  }, [])
  const load = useCallback(async () => {
    const r = await api.call('model.settings.get', {})
    if (r.ok) show(r.value)
    else setError(r.error.message)
  }, [show])
  useEffect(() => void load(), [load])

  const save = async () => {
    setError(null)
    setNotice(null)
    const r = await api.call('model.settings.save', { baseUrl, model, ...(key ? { key } : {}) })
    if (!r.ok) return setError(r.error.issues?.[0]?.message ?? r.error.message)
    show(r.value)
    setNotice('Saved. The emulator uses it from the next message.')
  }
  const removeKey = async () => {
    setError(null)
    const r = await api.call('model.settings.save', { baseUrl, model, key: '' })
    if (!r.ok) return setError(r.error.issues?.[0]?.message ?? r.error.message)
    show(r.value)
    setNotice('The API key was removed.')
  }
  const clear = async () => {
    setError(null)
    const r = await api.call('model.settings.clear', {})
    if (!r.ok) return setError(r.error.message)
    show(r.value)
    setResult(null)
    setNotice('No model provider is set up: nodes set to "model" take their failed port.')
  }
  const test = async () => {
    const mine = ++attempt.current
    setTesting(true)
    setResult(null)
    setNotice(null)
    const r = await api.call('model.test', {
      baseUrl: baseUrl || undefined,
      model: model || undefined,
      ...(key ? { key } : {}),
    })
    if (mine !== attempt.current) return
    setTesting(false)
    if (!r.ok) return setError(r.error.message)
    setResult(r.value)
  }
  const cancelTest = () => {
    attempt.current++
    setTesting(false)
    setNotice('Test connection cancelled.')
  }
  const edited = !!saved && (baseUrl !== saved.baseUrl || model !== saved.model || key !== '')
  // Save and Test connection wait for both fields; a disabled button alone does not say what it waits for.
  const missing = [!baseUrl.trim() && 'Base URL', !model.trim() && 'Model'].filter(Boolean).join(' and ')

  return (
    <section className="settings-section" aria-labelledby="model-provider-title">
      <h2 id="model-provider-title">Model provider</h2>
      <p className="settings-note">
        Optional. Intent and Extract nodes whose Provider is <em>model</em> ask this OpenAI-compatible endpoint (Ollama,
        LM Studio, llama.cpp&apos;s server, or a cloud API) instead of the offline classifier and parsers. Conversation
        tests never ask it: they replay recorded answers (Tests tab → Record model answers).
      </p>
      {saved === null && !error && <p aria-busy="true">Loading…</p>}
      <form
        className="settings-form"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <label>
          Base URL
          <input
            value={baseUrl}
            placeholder="http://127.0.0.1:11434/v1"
            onChange={(e) => setBaseUrl(e.target.value)}
            spellCheck={false}
          />
        </label>
        <label>
          Model
          <input value={model} placeholder="llama3.2" onChange={(e) => setModel(e.target.value)} spellCheck={false} />
        </label>
        <label>
          API key
          <input
            type="password"
            value={key}
            autoComplete="off"
            placeholder={saved?.hasKey ? 'Saved (type a new one to replace it)' : 'None (a local server needs none)'}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        <p className="settings-note">{saved?.keyStorage}</p>
        <div className="settings-actions">
          <button
            type="submit"
            className="primary"
            disabled={!!missing || (!edited && !!saved?.configured)}
            aria-describedby={missing ? 'model-provider-missing' : undefined}
          >
            Save
          </button>
          <button
            type="button"
            onClick={() => void test()}
            disabled={testing || !!missing}
            aria-describedby={missing ? 'model-provider-missing' : undefined}
          >
            {testing ? 'Testing…' : 'Test connection'}
          </button>
          {saved?.hasKey && (
            <button type="button" onClick={() => void removeKey()}>
              Remove key
            </button>
          )}
          {saved?.configured && (
            <button type="button" onClick={() => void clear()}>
              Turn off
            </button>
          )}
        </div>
        {missing && saved !== null && (
          <p className="settings-note" id="model-provider-missing">
            Fill in {missing} to save or test the connection.
          </p>
        )}
      </form>
      <div aria-live="polite">
        {testing && (
          <p role="status">
            Asking {baseUrl}… (up to 20 s){' '}
            <button type="button" onClick={cancelTest}>
              Cancel
            </button>
          </p>
        )}
        {result && (
          <p
            className={result.ok ? 'settings-ok' : 'settings-fail'}
            role={result.ok ? 'status' : 'alert'}
            data-testid="model-test-result"
          >
            {result.ok ? <Check size={14} aria-hidden="true" /> : <X size={14} aria-hidden="true" />}{' '}
            {result.code && <code>{result.code}</code>} {result.message}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
      </div>
      {error && (
        <p className="settings-fail" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
