import { useEffect, useRef, useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import { ExportDialog } from './ExportDialog'
import { ImportDialog } from './ImportDialog'
import { PublishDialog } from './PublishDialog'
import './transfer.css'

/** Export and Import buttons for the flows list, and a drop target: a .json file dropped anywhere imports. */
export function TransferActions({ flows }: { flows: FlowSummary[] }) {
  const [exporting, setExporting] = useState(false)
  const [publishing, setPublishing] = useState(false)
  const [importing, setImporting] = useState<File | null>(null)
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const hasFile = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false
    const over = (e: DragEvent) => {
      if (!hasFile(e)) return
      e.preventDefault()
      setDragging(true)
    }
    const leave = (e: DragEvent) => e.relatedTarget === null && setDragging(false)
    const drop = (e: DragEvent) => {
      if (!hasFile(e)) return
      e.preventDefault()
      setDragging(false)
      const file = e.dataTransfer?.files[0]
      if (file) setImporting(file)
    }
    window.addEventListener('dragover', over)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragover', over)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('drop', drop)
    }
  }, [])

  return (
    <>
      <button type="button" onClick={() => setExporting(true)} disabled={flows.length === 0}>
        Export…
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Import…
      </button>
      <button type="button" onClick={() => setPublishing(true)} disabled={flows.length === 0}>
        Publish…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Import file"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) setImporting(file)
        }}
      />
      {dragging && (
        <div className="transfer-drop" aria-hidden="true">
          Drop a flow or bundle file to import it
        </div>
      )}
      {exporting && <ExportDialog flows={flows} onClose={() => setExporting(false)} />}
      {publishing && <PublishDialog flows={flows} onClose={() => setPublishing(false)} />}
      {importing && <ImportDialog file={importing} onClose={() => setImporting(null)} />}
    </>
  )
}
