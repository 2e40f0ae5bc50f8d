import { useEffect, useState } from 'react'
import type { ConflictChoice, ImportConflict, ImportProblem } from '../../shared/api/commands/transfer'
import { fileSizeProblem } from '../../shared/json/bounds'
import { api } from '../api'
import { Modal } from '../ui/Modal'

type Stage =
  | { kind: 'reading' }
  | { kind: 'problems'; problems: ImportProblem[] }
  | { kind: 'choices'; conflicts: ImportConflict[]; count: number; secrets: number }
  | { kind: 'done'; message: string; notes: string[] }

const LABEL: Record<ConflictChoice, string> = { replace: 'Replace', 'keep-both': 'Keep both', skip: 'Skip' }
// A callee the file carries (its flows call it by id): the same three choices, said as what they do to the calls.
const CALLEE_LABEL: Record<ConflictChoice, string> = {
  skip: 'Keep mine (the calls use it)',
  replace: 'Take theirs (a new revision of mine)',
  'keep-both': 'Import as a copy (the calls use the copy)',
}
const CALLEE_ORDER: ConflictChoice[] = ['skip', 'replace', 'keep-both']

/** Checks a dropped or picked file, asks about conflicts, then imports all or nothing. */
export function ImportDialog({ file, onClose }: { file: File; onClose(): void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'reading' })
  const [text, setText] = useState('')
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({})
  // A file's webhook secrets are used only when the person says so: otherwise its author would hold a key to them.
  const [applySecrets, setApplySecrets] = useState(false)

  const commit = async (body: string, picked: Record<string, ConflictChoice>, secrets: boolean) => {
    const out = await api.call('transfer.import', {
      fileName: file.name,
      text: body,
      onConflict: 'skip',
      choices: picked,
      applySecrets: secrets,
    })
    if (!out.ok)
      return setStage({ kind: 'problems', problems: [{ file: file.name, path: '', message: out.error.message }] })
    const flows = out.value.outcomes.filter((o) => !o.dependency)
    const stored = flows.filter((o) => o.action !== 'skipped').length
    const skipped = flows.length - stored
    const callees = out.value.outcomes.filter((o) => o.dependency && o.action !== 'skipped').length
    const withSecrets = out.value.outcomes.filter((o) => o.secretApplied).length
    const breakpoints = out.value.outcomes.reduce((n, o) => n + (o.breakpointsKept ?? 0), 0)
    setStage({
      kind: 'done',
      notes: out.value.outcomes.flatMap((o) => o.notes ?? []),
      message: `Imported ${stored} flow${stored === 1 ? '' : 's'}${callees ? ` and ${callees} flow${callees === 1 ? '' : 's'} they call` : ''}${skipped ? `, skipped ${skipped}` : ''}${withSecrets ? `, ${withSecrets} with the webhook secret from the file` : ''}${breakpoints ? `, with ${breakpoints} breakpoint${breakpoints === 1 ? '' : 's'}` : ''}.`,
    })
  }

  useEffect(() => {
    void (async () => {
      // Not even read when too large: the words `chatflow import` uses, before the file crosses to the back end.
      const tooLarge = fileSizeProblem(file.size)
      if (tooLarge) return setStage({ kind: 'problems', problems: [{ file: file.name, path: '', message: tooLarge }] })
      const body = await file.text()
      setText(body)
      const seen = await api.call('transfer.inspect', { fileName: file.name, text: body })
      if (!seen.ok)
        return setStage({ kind: 'problems', problems: [{ file: file.name, path: '', message: seen.error.message }] })
      if (seen.value.problems.length) return setStage({ kind: 'problems', problems: seen.value.problems })
      if (seen.value.conflicts.length || seen.value.secrets.length) {
        // A callee keeps the studio's by default: other flows here may call it too.
        setChoices(
          Object.fromEntries(
            seen.value.conflicts.map((c) => [c.flowId, (c.dependency ? 'skip' : 'keep-both') as ConflictChoice]),
          ),
        )
        return setStage({
          kind: 'choices',
          conflicts: seen.value.conflicts,
          count: seen.value.flows.length + seen.value.dependencies.length,
          secrets: seen.value.secrets.length,
        })
      }
      await commit(body, {}, false)
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
      {stage.kind === 'choices' && stage.secrets > 0 && (
        <label className="transfer-secrets">
          <input type="checkbox" checked={applySecrets} onChange={(e) => setApplySecrets(e.target.checked)} />
          Use the webhook secrets in this file ({stage.secrets} flow{stage.secrets === 1 ? '' : 's'}): whoever made the
          file can then start these flows here. Leave it off to keep this studio&apos;s secrets.
        </label>
      )}
      {stage.kind === 'choices' && stage.conflicts.length > 0 && (
        <>
          <p>
            {stage.conflicts.length} of {stage.count} flows meet a flow you already have. Choose for each:
          </p>
          <ul className="transfer-list" aria-label="Conflicts">
            {stage.conflicts.map((c) => (
              <li key={c.flowId}>
                <label>
                  {c.dependency
                    ? `“${c.name}”, called by ${c.calledBy.map((n) => `“${n}”`).join(', ')}, differs from yours`
                    : `“${c.name}” ${c.reason === 'id' ? 'is already here' : `has the name of “${c.existingName}”`}`}
                  <select
                    value={choices[c.flowId]}
                    onChange={(e) => setChoices({ ...choices, [c.flowId]: e.target.value as ConflictChoice })}
                  >
                    {(c.dependency ? CALLEE_ORDER : (Object.keys(LABEL) as ConflictChoice[])).map((k) => (
                      <option key={k} value={k}>
                        {c.dependency ? CALLEE_LABEL[k] : LABEL[k]}
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
      {stage.kind === 'done' && stage.notes.length > 0 && (
        <ul aria-label="Import notes">
          {stage.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {stage.kind === 'choices' ? 'Cancel' : 'Close'}
        </button>
        {stage.kind === 'choices' && (
          <button type="button" className="primary" onClick={() => void commit(text, choices, applySecrets)}>
            Import
          </button>
        )}
      </div>
    </Modal>
  )
}
