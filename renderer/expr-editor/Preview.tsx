import { useMemo } from 'react'
import { renderTemplate, type Vars } from '../../shared/expr'
import { baseValues, previewVars, referencedPaths, sampleValueText, valueOrigin, type ValueSource } from './preview'

interface Props {
  text: string
  samples: Record<string, unknown>
  /** The open emulator session's variables, or null when no session is open for this flow. */
  session: Vars | null
  /** Why the open emulator session's values could not be read, if they could not. */
  sessionError?: string | null
  source: ValueSource
  onSource(source: ValueSource): void
  tests: Record<string, string>
  onTest(path: string, value: string): void
}

const ORIGIN_LABEL = { session: 'from the emulator session', sample: 'from the sample' } as const

/** The value the text renders to now, with the engine's renderTemplate, and its runtime errors beside it. */
export function Preview({ text, samples, session, sessionError, source, onSource, tests, onTest }: Props) {
  const paths = useMemo(() => referencedPaths(text), [text])
  const chosen: ValueSource = session ? source : 'samples'
  const base = useMemo(() => baseValues(samples, session, chosen), [samples, session, chosen])
  const rendered = useMemo(() => {
    // Only values the author typed override the base; untouched fields keep their own kind (objects too).
    const typed: Record<string, string> = {}
    for (const p of paths) if (p in tests) typed[p] = tests[p]!
    return renderTemplate(text, previewVars(base, typed))
  }, [text, base, tests, paths])
  return (
    <section className="expr-preview" aria-label="Preview">
      <h3>Preview</h3>
      {sessionError && (
        <p role="alert" className="expr-json-error">
          The emulator session&apos;s values could not be read ({sessionError}); the preview uses the samples and test
          values.
        </p>
      )}
      {session && (
        <fieldset className="expr-value-source">
          <legend>Values</legend>
          <label>
            <input
              type="radio"
              name="expr-value-source"
              checked={chosen === 'session'}
              onChange={() => onSource('session')}
            />{' '}
            From the emulator session
          </label>
          <label>
            <input
              type="radio"
              name="expr-value-source"
              checked={chosen === 'samples'}
              onChange={() => onSource('samples')}
            />{' '}
            Samples and test values only
          </label>
        </fieldset>
      )}
      <output className="expr-preview-value" aria-label="Rendered value">
        {rendered.text}
      </output>
      {rendered.errors.length > 0 && (
        <ul className="expr-preview-errors" aria-label="Runtime errors">
          {rendered.errors.map((e, i) => (
            <li key={i}>{e.message}</li>
          ))}
        </ul>
      )}
      {paths.length > 0 && (
        <fieldset className="expr-test-values">
          <legend>Test values</legend>
          {paths.map((p) => {
            const origin = p in tests ? null : valueOrigin(samples, session, chosen, p)
            return (
              <label key={p}>
                <code>{`{{${p}}}`}</code>
                <input
                  aria-label={`Test value for ${p}`}
                  value={tests[p] ?? sampleValueText(base, p)}
                  onChange={(e) => onTest(p, e.target.value)}
                />
                {origin && <span className="expr-muted expr-origin">{ORIGIN_LABEL[origin]}</span>}
              </label>
            )
          })}
        </fieldset>
      )}
    </section>
  )
}
