import { describe, expect, it } from 'vitest'
import { setTranslation, translationOf } from '../../../shared/flow/translations'
import { exportTranslations, importTranslations } from '../../../shared/translate/flow-files'
import { withLanguages } from '../languages'
import { flow, node } from '../testing/docs'
import { applyImport, reportSummary } from './import-report'

// An exported file, edited as a translator does, read back by the model's import (the back end's), and applied by
// the editor to the document it holds.
const bilingual = () =>
  setTranslation(
    withLanguages(
      flow([
        node('m', 'message', 'welcome', { text: 'Hello {{customer_name}}' }),
        node('b', 'message', 'bye', { text: 'Goodbye' }),
      ]),
      { list: ['en', 'es'], default: 'en', from: null, detect: true },
    ),
    'es',
    'b',
    '/text',
    'Adiós',
    'Goodbye',
  )

describe('importing a translation file in the editor', () => {
  it('applies the changed rows to the document it holds now, and says what the file does', () => {
    const doc = bilingual()
    const out = exportTranslations([doc], 'es', 'csv')
    if (!out.ok) throw new Error(out.error.message)
    const edited = out.text
      .replace(/(m\/text,[^\r\n]*,)(,[^\r\n]*)?\r\n/, '$1Hola {{customer_name}}$2\r\n')
      .replace('Adiós', 'Hasta luego')
    const read = importTranslations(doc, 'welcome.es.csv', edited)
    if (!read.ok) throw new Error(read.error.message)
    expect(reportSummary(read.report)).toBe(
      'Spanish (es): 2 translations to change, 0 unchanged, 0 refused, 0 still missing.',
    )

    // Edits made while the dialog was open stay: only the imported texts are written.
    const now = { ...doc, name: 'Renamed meanwhile' }
    const applied = applyImport(now, read.report)
    expect(applied.name).toBe('Renamed meanwhile')
    expect(translationOf(applied, 'es', 'm', '/text')).toEqual({
      text: 'Hola {{customer_name}}',
      source: 'Hello {{customer_name}}',
    })
    expect(translationOf(applied, 'es', 'b', '/text')?.text).toBe('Hasta luego')
  })
})
