import { useEffect, useId, useState } from 'react'
import type { ImportReport } from '../../../shared/translate/types'
import { api } from '../../api'
import { Modal } from '../../ui/Modal'
import { useEditorStore } from '../context'
import { languageLabel } from '../languages'
import { applyImport, reportSummary } from './import-report'

type Stage = { kind: 'reading' } | { kind: 'failed'; message: string } | { kind: 'report'; report: ImportReport }

/**
 * Import translations…: reads the file against the flow as the canvas holds it and shows what it would do (changed,
 * refused with the reason, still missing) before anything changes; Apply puts the accepted translations in as one
 * undo step. A file that cannot be read changes nothing and says why.
 */
export function ImportTranslations({ file, onClose }: { file: File; onClose(): void }) {
  const store = useEditorStore()
  const id = useId()
  const [stage, setStage] = useState<Stage>({ kind: 'reading' })
  useEffect(() => {
    let live = true
    void (async () => {
      const text = await file.text()
      const out = await api.call('translations.import', { fileName: file.name, text, document: store.getState().doc })
      if (!live) return
      setStage(out.ok ? { kind: 'report', report: out.value.report } : { kind: 'failed', message: out.error.message })
    })()
    return () => {
      live = false
    }
  }, [file, store])

  const apply = (report: ImportReport) => {
    const s = store.getState()
    s.apply(
      `Import ${report.changed.length} translation(s) into ${languageLabel(report.language)}`,
      applyImport(s.doc, report),
    )
    s.setNotice(
      `Imported ${report.changed.length} translation(s) into ${languageLabel(report.language)}. Undo (Ctrl+Z) takes them back.`,
    )
    onClose()
  }

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-summary`} className="translations-import" onClose={onClose}>
      <h2 id={`${id}-title`}>Import {file.name}</h2>
      {stage.kind === 'reading' && (
        <p id={`${id}-summary`} aria-busy="true">
          Reading the file…
        </p>
      )}
      {stage.kind === 'failed' && (
        <p id={`${id}-summary`} role="alert" className="answer-refused">
          {stage.message} Nothing was changed.
        </p>
      )}
      {stage.kind === 'report' && <Report id={id} report={stage.report} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {stage.kind === 'report' && stage.report.changed.length ? 'Cancel' : 'Close'}
        </button>
        {stage.kind === 'report' && stage.report.changed.length > 0 && (
          <button type="button" className="primary" onClick={() => apply(stage.report)}>
            Apply {stage.report.changed.length} translation{stage.report.changed.length === 1 ? '' : 's'}
          </button>
        )}
      </div>
    </Modal>
  )
}

function Report({ id, report }: { id: string; report: ImportReport }) {
  return (
    <>
      <p id={`${id}-summary`} role="status">
        {reportSummary(report)}
      </p>
      {report.changed.length > 0 && (
        <section aria-labelledby={`${id}-changed`}>
          <h3 id={`${id}-changed`}>To change</h3>
          <ul className="translations-rows" aria-label="Translations to change">
            {report.changed.map((r) => (
              <li key={r.unitId}>
                <strong>
                  {r.nodeName} · {r.field}
                </strong>
                {r.previous ? <del>{r.previous}</del> : <em className="translations-new">new</em>} <ins>{r.target}</ins>
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.refused.length > 0 && (
        <section aria-labelledby={`${id}-refused`}>
          <h3 id={`${id}-refused`}>Refused (not applied)</h3>
          <ul className="translations-rows refused" aria-label="Refused rows">
            {report.refused.map((r, i) => (
              <li key={i}>{r.message}</li>
            ))}
          </ul>
        </section>
      )}
      {report.missing.length > 0 && (
        <details>
          <summary>
            {report.missing.length} text{report.missing.length === 1 ? '' : 's'} still missing: the default text is sent
          </summary>
          <ul className="translations-rows" aria-label="Still missing">
            {report.missing.map((r) => (
              <li key={r.unitId}>
                {r.nodeName} · {r.field}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}
