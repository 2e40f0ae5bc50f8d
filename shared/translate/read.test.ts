import { describe, expect, it } from 'vitest'
import { readTranslationFile, TRANSLATION_FILE_BYTES } from './read'

describe('readTranslationFile', () => {
  it('reads XLIFF by its content, whatever the name; CSV otherwise', () => {
    const xliff =
      '\uFEFF  <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"></xliff>'
    expect(readTranslationFile('texts.csv', xliff)).toMatchObject({
      ok: true,
      texts: { format: 'xliff', target: 'es' },
    })
    expect(readTranslationFile('texts.xlf', 'id,target:es\n')).toMatchObject({ ok: true, texts: { format: 'csv' } })
  })

  it('refuses a file over the size limit before parsing it, naming the sizes', () => {
    const huge = '<xliff>' + 'x'.repeat(TRANSLATION_FILE_BYTES) + '</xliff>'
    expect(readTranslationFile('huge.xlf', huge)).toEqual({
      ok: false,
      error: {
        code: 'translations.too_large',
        message: 'huge.xlf: it is 16 MiB, larger than the 16 MiB a file may be.',
      },
    })
  })

  it('counts bytes, not characters: a file of multi-byte characters over the limit is refused', () => {
    const text = 'id,target\n' + 'ñ'.repeat(TRANSLATION_FILE_BYTES / 2 + 10)
    expect(readTranslationFile('wide.csv', text)).toMatchObject({
      ok: false,
      error: { code: 'translations.too_large' },
    })
  })

  it("names the file in a malformed file's message, with the line", () => {
    const r = readTranslationFile('broken.xlf', '<xliff>\n<file>\n</xliff>')
    expect(r).toMatchObject({ ok: false, error: { code: 'translations.bad_file', line: 3 } })
    if (!r.ok) expect(r.error.message).toMatch(/^broken.xlf: Not a valid XLIFF 2.0 file: .*\(line 3\)\.$/)
  })
})
