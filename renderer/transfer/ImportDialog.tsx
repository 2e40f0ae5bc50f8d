import { useEffect, useState } from 'react'
import type { ConflictChoice, ImportConflict, ImportProblem } from '../../shared/api/commands/transfer'
import { api } from '../api'
import { Modal } from '../ui/Modal'

type Stage =
  | { kind: 'reading' }
  | { kind: 'problems'; problems: ImportProblem[] }
  | { kind: 'conflicts'; conflicts: ImportConflict[]; count: number }
  | { kind: 'done'; message: string }

const LABEL: Record<ConflictChoice, string> = { replace: 'Replace', 'keep-both': 'Keep both', skip: 'Skip' }

/** Checks a dropped or picked file, asks about conflicts, then imports all or nothing. */
export function ImportDialog({ file, onClose }: { file: File; onClose(): void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'reading' })
  const [text, setText] = useState('')
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({})

  const commit = async (body: string, picked: Record<string, ConflictChoice>) => {
    const out = await api.call('transfer.import', { fileName: file.name, text: body, onConflict: 'skip', choices: picked })
    if (!out.ok) return setStage({ kind: 'problems', problems: [{ file: file.name, path: '', message: out.error.message }] })
    const stored = out.value.outcomes.filter((o) => o.action !== 'skipped').length
    const skipped = out.value.outcomes.length - stored
    setStage({ kind: 'done', message: `Imported ${stored} flow${stored === 1 ? '' : 's'}${skipped ? `, skipped ${skipped}` : ''}.` })
  }

  useEffect(() => {
    void (async () => {
      const body = await file.text()
      setText(body)
      const seen = await api.call('transfer.inspect', { fileName: file.name, text: body })
      if (!seen.ok) return setStage({ kind: 'problems', problems: [{ file: file.name, path: '', message: seen.error.message }] })
      if (seen.value.problems.length) return setStage({ kind: 'problems', problems: seen.value.problems })
      if (seen.value.conflicts.length) {
        setChoices(Object.fromEntries(seen.value.conflicts.map((c) => [c.flowId, 'keep-both' as ConflictChoice])))
        return setStage({ kind: 'conflicts', conflicts: seen.value.conflicts, count: seen.value.flows.length })
      }
      await commit(body, {})
    })()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one file per dialog
  }, [file])

  return (
    <Modal labelledBy="import-title" onClose={onClose}>
      <h2 id="import-title">Import {file.name}</h2>
      {stage.kind === 'reading' && <p aria-busy="true">Checking the file…</p>}
      {stage.kind === 'problems' && (
        <>
          <p>The file cannot be imported; nothing was changed.</p>
          <ul className="transfer-problems" aria-label="Problems">
            {stage.problems.map((p, i) => (
              <li key={i}>
                <code>{p.file}</code> <code>{p.path || '(root)'}</code>: {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {stage.kind === 'conflicts' && (
        <>
          <p>
            {stage.conflicts.length} of {stage.count} flows meet a flow you already have. Choose for each:
          </p>
          <ul className="transfer-list" aria-label="Conflicts">
            {stage.conflicts.map((c) => (
              <li key={c.flowId}>
                <label>
                  “{c.name}” {c.reason === 'id' ? 'is already here' : `has the name of “${c.existingName}”`}
                  <select value={choices[c.flowId]} onChange={(e) => setChoices({ ...choices, [c.flowId]: e.target.value as ConflictChoice })}>
                    {(Object.keys(LABEL) as ConflictChoice[]).map((k) => (
                      <option key={k} value={k}>
                        {LABEL[k]}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {stage.kind === 'done' && <p role="status">{stage.message}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {stage.kind === 'conflicts' ? 'Cancel' : 'Close'}
        </button>
        {stage.kind === 'conflicts' && (
          <button type="button" className="primary" onClick={() => void commit(text, choices)}>
            Import
          </button>
        )}
      </div>
    </Modal>
  )
}
