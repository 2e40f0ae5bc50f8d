import { useId, useState } from 'react'
import { MEDIA_RULES, MediaMessageConfigSchema, type MediaFile } from '../../shared/nodes/media_message/definition'
import { useEditor, useEditorStore } from '../editor/context'
import { setConfig } from '../editor/graph'
import { portsOf } from '../editor/model'
import { formatBytes, uploadMedia } from './media-upload'
import './integrations.css'

/** The Media Message panel's local file: pick it or drop it here; the studio keeps it in the data folder and the
 *  node sends it instead of the URL. Attaching and removing are undoable edits like any other. */
export function MediaFilePicker({ nodeId }: { nodeId: string }) {
  const store = useEditorStore()
  const node = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId))
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [over, setOver] = useState(false)
  const id = useId()
  if (!node) return null
  const config = MediaMessageConfigSchema.parse(node.config)
  const rules = MEDIA_RULES[config.kind]

  // One undo step each (not coalesced like typing): attaching and removing are single deliberate actions.
  const setFile = (file: MediaFile | null) => {
    const { doc, apply } = store.getState()
    const current = doc.nodes.find((n) => n.id === nodeId)
    if (current)
      apply(
        file ? `Attach ${file.name}` : 'Remove media file',
        setConfig(doc, nodeId, { ...current.config, file }, portsOf),
      )
  }
  const take = async (file: File | undefined) => {
    if (!file || progress !== null) return
    setProblem(null)
    setProgress(0)
    const r = await uploadMedia(file, config.kind, setProgress)
    setProgress(null)
    if (r.ok) setFile(r.file)
    else setProblem(r.message)
  }

  return (
    <div
      className={`media-file${over ? ' drop-over' : ''}`}
      aria-label="Media file"
      role="group"
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        void take(e.dataTransfer.files[0])
      }}
    >
      {config.file ? (
        <p className="media-file-current">
          <span>
            Sends <strong>{config.file.name}</strong> ({config.file.mime}, {formatBytes(config.file.bytes)}) from the
            studio.
          </span>
          <button type="button" onClick={() => setFile(null)}>
            Remove file
          </button>
        </p>
      ) : (
        <p className="flow-meta">Send a hosted link (Media URL below), or a local file: drop it here or pick it.</p>
      )}
      <label htmlFor={id}>{config.file ? 'Replace with another file' : 'Local file'}</label>
      <input
        id={id}
        type="file"
        accept={rules.mime.join(',')}
        disabled={progress !== null}
        onChange={(e) => void take(e.target.files?.[0] ?? undefined)}
      />
      <p className="flow-meta">
        A {config.kind}: {rules.mime.join(', ')}, at most {formatBytes(rules.maxBytes)}.
      </p>
      {progress !== null && (
        <p role="status" aria-label="Upload progress">
          Storing… {Math.round(progress * 100)}%
        </p>
      )}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
