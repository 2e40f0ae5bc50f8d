import { useMemo } from 'react'
import { renderTemplate } from '../../shared/expr'
import { previewVars, referencedPaths, sampleValueText } from './preview'

interface Props {
  text: string
  samples: Record<string, unknown>
  tests: Record<string, string>
  onTest(path: string, value: string): void
}

/** The value the text renders to now, with the engine's renderTemplate, and its runtime errors beside it. */
export function Preview({ text, samples, tests, onTest }: Props) {
  const paths = useMemo(() => referencedPaths(text), [text])
  const rendered = useMemo(() => {
    // Only values the author typed override the samples; untouched fields keep the sample's own kind (objects too).
    const typed: Record<string, string> = {}
    for (const p of paths) if (p in tests) typed[p] = tests[p]!
    return renderTemplate(text, previewVars(samples, typed))
  }, [text, samples, tests, paths])
  return (
    <section className="expr-preview" aria-label="Preview">
      <h3>Preview</h3>
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
          {paths.map((p) => (
            <label key={p}>
              <code>{`{{${p}}}`}</code>
              <input
                aria-label={`Test value for ${p}`}
                value={tests[p] ?? sampleValueText(samples, p)}
                onChange={(e) => onTest(p, e.target.value)}
              />
            </label>
          ))}
        </fieldset>
      )}
    </section>
  )
}
