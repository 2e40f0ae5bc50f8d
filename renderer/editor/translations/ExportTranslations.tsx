import { useId, useState } from 'react'
import { api } from '../../api'
import { downloadText } from '../../transfer/download'
import { Modal } from '../../ui/Modal'
import { useEditorStore } from '../context'
import { languageLabel } from '../languages'

/**
 * Export translations…: one of the flow's other languages and a format, then the file (docs/languages.md,
 * "Translations in and out"). The flow goes as the canvas holds it, unsaved edits included.
 */
export function ExportTranslations({ languages, onClose }: { languages: string[]; onClose(): void }) {
  const store = useEditorStore()
  const id = useId()
  const [language, setLanguage] = useState(languages[0] ?? '')
  const [format, setFormat] = useState<'xliff' | 'csv'>('xliff')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async () => {
    const doc = store.getState().doc
    setBusy(true)
    const out = await api.call('translations.export', { flowIds: [doc.id], language, format, document: doc })
    setBusy(false)
    if (!out.ok) return setError(out.error.message)
    downloadText(out.value.fileName, out.value.text)
    store.getState().setNotice(`Exported ${out.value.units} text(s) for ${languageLabel(out.value.language)}.`)
    onClose()
  }
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>Export translations</h2>
      <p>
        Every text the customer reads, in the default language, with its translation if it has one: for a translator or
        a translation tool. Placeholders such as {'{{customer_name}}'} are protected in XLIFF; the channel&apos;s
        character limits go with each text.
      </p>
      <div className="field">
        <label htmlFor={`${id}-language`}>Language</label>
        <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value)}>
          {languages.map((tag) => (
            <option key={tag} value={tag}>
              {languageLabel(tag)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="translations-format">
        <legend>Format</legend>
        <label>
          <input type="radio" name={`${id}-format`} checked={format === 'xliff'} onChange={() => setFormat('xliff')} />{' '}
          XLIFF 2.0 (translation tools)
        </label>
        <label>
          <input type="radio" name={`${id}-format`} checked={format === 'csv'} onChange={() => setFormat('csv')} /> CSV
          (a spreadsheet)
        </label>
      </fieldset>
      {error && (
        <p role="alert" className="answer-refused">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy || !language} onClick={() => void run()}>
          {busy ? 'Exporting…' : 'Download'}
        </button>
      </div>
    </Modal>
  )
}
