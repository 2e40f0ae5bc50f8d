import { useId, useRef, useState } from 'react'
import type { FlowDocument } from '../../shared/flow/document'
import { Messages } from '../panels/SchemaFields'
import './languages.css'
import { useEditor, useEditorStore } from './context'
import {
  addLanguage,
  checkNewLanguage,
  firstLanguage,
  isMultilingual,
  languageLabel,
  languageName,
  languagesOf,
  removeLanguage,
  variablePath,
  withLanguages,
  type LanguagesSetting,
} from './languages'
import { changeDefaultLanguage, withoutLanguage } from './language-edits'
import { customerTextPointers } from './model'
import { ExportTranslations } from './translations/ExportTranslations'
import { ImportTranslations } from './translations/ImportTranslations'

// The flow's languages in its settings (docs/languages.md, "Languages of a flow"): the list with its default, a tag
// to add (checked and named as it is typed), detection from the first message and where the contact's language is
// kept. Every change is one undoable edit of the document, as the settings above it; typing in the variable's name
// is one step however many keys it takes.

export function LanguagesSection() {
  const store = useEditorStore()
  const doc = useEditor((s) => s.doc)
  const problems = useEditor((s) => s.problems)
  const languages = languagesOf(doc)
  const multi = isMultilingual(languages)
  const locale = flowLocale(doc)
  // A list of one (the others removed): that language, whatever the locale says.
  const single = languages && languages.list.length === 1 ? languages.default : null
  const id = useId()
  const [typed, setTyped] = useState('')
  const [tried, setTried] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [importing, setImporting] = useState<File | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const check = checkNewLanguage(typed, languages?.list ?? [])
  const preview = typed.trim() && check.ok ? languageName(check.tag) : null

  const edit = (label: string, next: FlowDocument, key: string | null = null) =>
    store.getState().apply(label, next, key)
  const setLanguages = (label: string, next: LanguagesSetting, key: string | null = null) =>
    edit(label, withLanguages(store.getState().doc, next), key)

  const add = () => {
    setTried(true)
    if (!check.ok) return
    const current = store.getState().doc
    setLanguages(`Add ${languageLabel(check.tag)}`, addLanguage(languagesOf(current), flowLocale(current), check.tag))
    setTyped('')
    setTried(false)
  }
  const remove = (tag: string) => {
    const current = store.getState().doc
    const now = languagesOf(current)
    if (!now) return
    edit(`Remove ${languageLabel(tag)}`, withoutLanguage(withLanguages(current, removeLanguage(now, tag)), tag))
    store.getState().setNotice(`Removed ${languageLabel(tag)} and its translations. Undo (Ctrl+Z) brings them back.`)
  }
  const makeDefault = (tag: string) => {
    const r = changeDefaultLanguage(store.getState().doc, tag, customerTextPointers)
    edit(`Make ${languageLabel(tag)} the default language`, r.doc)
    if (r.kept > 0)
      store
        .getState()
        .setNotice(
          `${r.kept} text(s) had no ${languageName(tag)} translation: they keep their ${languageName(r.previous)} text. Undo (Ctrl+Z) puts the default back.`,
        )
  }
  const problemsAt = problems.filter((p) => p.pointer?.startsWith('/settings/languages'))

  return (
    <section className="languages-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Languages</h3>
      {!multi ? (
        <p className="node-panel-description">
          This flow speaks one language,{' '}
          {single ? languageLabel(single) : `${languageName(firstLanguage(locale))} (from its locale, ${locale})`}. Add
          another to write every text the customer reads (messages, buttons, list rows, questions) in it too: the canvas
          then gets a Language switch to show and edit the flow in each language, and every customer is answered in
          their own, or in the default language where a text is not translated.
        </p>
      ) : (
        <ul className="language-list" aria-label="Languages of this flow">
          {languages.list.map((tag) => (
            <li key={tag}>
              <span className="language-name">{languageLabel(tag)}</span>
              {tag === languages.default ? (
                <span className="language-default">Default</span>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={() => makeDefault(tag)}
                    aria-label={`Make ${languageName(tag)} the default language`}
                    title="The default language's texts are sent where a translation is missing"
                  >
                    Make default
                  </button>
                  <button type="button" onClick={() => remove(tag)} aria-label={`Remove ${languageName(tag)}`}>
                    Remove
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className="field">
        <label htmlFor={`${id}-add`}>Add a language</label>
        <div className="language-add">
          <input
            id={`${id}-add`}
            type="text"
            value={typed}
            placeholder="es, fr, pt-BR"
            aria-invalid={tried && !check.ok ? true : undefined}
            aria-describedby={`${id}-add-help`}
            onChange={(e) => {
              setTyped(e.target.value)
              setTried(false)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                add()
              }
            }}
          />
          <button type="button" onClick={add}>
            Add
          </button>
        </div>
        <span className={`answer-context${tried && !check.ok ? ' answer-refused' : ''}`} id={`${id}-add-help`}>
          {preview
            ? `${preview} (${check.ok ? check.tag : ''})`
            : typed.trim() && !check.ok
              ? check.message
              : 'A BCP 47 language tag: a language (es), or a language and region (es-MX).'}
        </span>
      </div>

      {multi && (
        <>
          <div className="field field-check">
            <label>
              <input
                type="checkbox"
                checked={languages.detect}
                onChange={(e) =>
                  setLanguages(e.target.checked ? 'Detect the language' : 'Stop detecting the language', {
                    ...languages,
                    detect: e.target.checked,
                  })
                }
              />{' '}
              Detect from the customer&apos;s first message
            </label>
            <p className="field-help">
              Among this flow&apos;s languages only, when nothing below tells the language. Too short a message leaves
              the default.
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-from`}>The contact&apos;s language is kept in</label>
            <input
              id={`${id}-from`}
              type="text"
              value={languages.from ?? ''}
              placeholder="contact.fields.language"
              aria-describedby={`${id}-from-help`}
              onChange={(e) =>
                setLanguages(
                  'Change where the language is kept',
                  { ...languages, from: variablePath(e.target.value) },
                  'settings/languages/from',
                )
              }
            />
            <p className="field-help" id={`${id}-from-help`}>
              A variable or contact field read first when a run starts (written without braces); leave it empty to use
              the language the contact last spoke, then detection, then {languageName(languages.default)}.
            </p>
          </div>
        </>
      )}
      <Messages id={`${id}-problems`} problems={problemsAt} />
      {multi && (
        <div className="translations-actions" role="group" aria-label="Translations">
          <button type="button" onClick={() => setExporting(true)}>
            Export translations…
          </button>
          <button type="button" onClick={() => picker.current?.click()}>
            Import translations…
          </button>
          <input
            ref={picker}
            type="file"
            hidden
            accept=".xlf,.xliff,.xml,.csv,text/csv,application/xliff+xml"
            aria-label="Translation file"
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) setImporting(file)
            }}
          />
        </div>
      )}
      {exporting && languages && (
        <ExportTranslations
          languages={languages.list.filter((t) => t !== languages.default)}
          onClose={() => setExporting(false)}
        />
      )}
      {importing && <ImportTranslations file={importing} onClose={() => setImporting(null)} />}
    </section>
  )
}

const flowLocale = (doc: FlowDocument): string => (doc.settings as { locale?: string } | undefined)?.locale ?? 'en-GB'
