import { useEffect, useRef, useState } from 'react'
import { api } from '../api'
import { EXAMPLES, exampleBundle } from './examples'
import { Modal } from '../ui/Modal'

/**
 * "Start from an example": each shipped example with what it shows; Open imports a copy (a second copy is named
 * "name (2)", nothing is replaced) with its tests and the templates and products it needs, then opens it.
 */
export function ExamplesDialog({ onClose, onOpened }: { onClose(): void; onOpened(flowId: string): void }) {
  const [opening, setOpening] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const firstRef = useRef<HTMLButtonElement>(null)
  useEffect(() => firstRef.current?.focus(), [])

  const open = async (key: string) => {
    setOpening(key)
    setError(null)
    const result = await api.call('transfer.import', {
      fileName: `${key}.flow.json`,
      text: exampleBundle(key),
      onConflict: 'keep-both',
      choices: {},
    })
    setOpening(null)
    const storedId = result.ok ? result.value.outcomes[0]?.storedId : null
    if (storedId) onOpened(storedId)
    else setError(result.ok ? 'The example could not be added.' : result.error.message)
  }

  return (
    <Modal labelledBy="examples-title" className="examples-dialog" onClose={onClose}>
      <h2 id="examples-title">Start from an example</h2>
      <p className="hint">
        Each example is a working flow with conversation tests that cover every branch. Open one to see how it is built,
        try it in the emulator, and change it to your needs.
      </p>
      <ul className="examples-list" aria-label="Examples">
        {EXAMPLES.map((e, i) => (
          <li key={e.key} aria-label={e.name}>
            <div>
              <h3>{e.name}</h3>
              <p>{e.description}</p>
              <p className="hint">
                Starts by {e.starts.join(', ')} · {e.nodeCount} nodes · {e.testCount} tests
              </p>
            </div>
            <button
              ref={i === 0 ? firstRef : undefined}
              type="button"
              className="primary"
              aria-label={`Open ${e.name}`}
              disabled={opening !== null}
              onClick={() => void open(e.key)}
            >
              {opening === e.key ? 'Opening…' : 'Open'}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
