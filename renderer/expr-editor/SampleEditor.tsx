import { useState } from 'react'
import { formatJson, parseRelaxedJson } from '../../shared/expr/json'

interface Props {
  nodeName: string
  initial: string
  onSave(value: unknown): void
  onCancel(): void
}

/** A node's sample JSON response in the relaxed form (single quotes, unquoted keys); errors name line and column. */
export function SampleEditor({ nodeName, initial, onSave, onCancel }: Props) {
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const fail = (r: { message: string; line: number; column: number }) =>
    setError(`Line ${r.line}, column ${r.column}: ${r.message}`)
  return (
    <div className="expr-sample-editor">
      <textarea
        aria-label={`Sample response of ${nodeName}`}
        value={text}
        rows={8}
        spellCheck={false}
        placeholder="{ status: 'ok', result: { id: 42 } }"
        onChange={(e) => {
          setText(e.target.value)
          setError(null)
        }}
      />
      {error && (
        <p role="alert" className="expr-json-error">
          {error}
        </p>
      )}
      <div className="expr-actions">
        <button
          type="button"
          onClick={() => {
            const r = formatJson(text)
            if (r.ok) setText(r.text)
            else fail(r)
          }}
        >
          Format JSON
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            const r = parseRelaxedJson(text)
            if (r.ok) onSave(r.value)
            else fail(r)
          }}
        >
          Save sample
        </button>
      </div>
    </div>
  )
}
