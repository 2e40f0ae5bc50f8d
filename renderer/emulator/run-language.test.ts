import { describe, expect, it } from 'vitest'
import type { EmulatorSession } from '../../shared/api/commands/emulator'
import { withLanguages } from '../editor/languages'
import { flow } from '../editor/testing/docs'
import { runLanguage } from './run-language'

const two = withLanguages(flow([]), { list: ['en', 'es'], default: 'en', from: null, detect: true })
const session = (language: string, start: { tag: string; how: string } | null) =>
  ({
    run: { vars: { contact: { language } } },
    trace: [{ output: start ? { language: start } : {} }],
  }) as unknown as EmulatorSession

describe("the phone's run language", () => {
  it('names the language and how the run chose it', () => {
    expect(runLanguage(two, session('es', { tag: 'es', how: 'contact' }))).toEqual({
      name: 'Spanish',
      title: "Spanish (es), chosen at the start: the contact's language",
    })
  })

  it('says a Set Language node changed it during the run', () => {
    expect(runLanguage(two, session('es', { tag: 'en', how: 'detected' }))?.title).toBe(
      'Spanish (es), set during the run (it started in English (en))',
    )
  })

  it('says nothing for a flow of one language or before a run', () => {
    expect(runLanguage(flow([]), session('en-GB', null))).toBeNull()
    expect(runLanguage(two, null)).toBeNull()
  })
})
