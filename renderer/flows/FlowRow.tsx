import { useEffect, useRef, useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import { testsLabel } from './health'
import { relativeTime } from './time'
import { renameCallersText, useCallers } from './callers'

export interface FlowRowProps {
  flow: FlowSummary
  now: number
  editing: boolean
  coverage: number | undefined
  tests: { total: number; failed: number } | undefined
  onOpen(): void
  onStartRename(): void
  onRename(name: string): Promise<boolean>
  onCancelRename(): void
  onDuplicate(): void
  onDelete(): void
  onToggleActive(): void
  onTrigger(): void
}

export function FlowRow(props: FlowRowProps) {
  const { flow, now, editing } = props
  return (
    <li className="flow-row" aria-label={flow.name}>
      <div className="flow-main">
        {editing ? (
          <RenameField flow={flow} onRename={props.onRename} onCancel={props.onCancelRename} />
        ) : (
          <a
            className="flow-name"
            href={`#/flows/${encodeURIComponent(flow.id)}`}
            onClick={(e) => {
              e.preventDefault()
              props.onOpen()
            }}
          >
            {flow.name}
          </a>
        )}
        <span className="flow-meta">
          {flow.nodeCount} {flow.nodeCount === 1 ? 'node' : 'nodes'} · changed{' '}
          <time dateTime={new Date(flow.updatedAt).toISOString()}>{relativeTime(flow.updatedAt, now)}</time>
        </span>
        <span className="flow-health">
          {props.coverage !== undefined && (
            <span
              className="badge"
              aria-label={`Branch coverage of ${flow.name}`}
              title="Branches taken by any run: emulator, tests, webhook"
            >
              {props.coverage}% covered
            </span>
          )}
          {props.tests && props.tests.total > 0 && (
            <span
              className={`badge ${props.tests.failed ? 'badge-failing' : 'badge-passing'}`}
              aria-label={`Tests of ${flow.name}`}
            >
              {testsLabel(props.tests)}
            </span>
          )}
        </span>
      </div>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={flow.active}
          onChange={props.onToggleActive}
          aria-label={`Active: ${flow.name}`}
        />
        <span>{flow.active ? 'Active' : 'Inactive'}</span>
      </label>
      <div className="flow-actions">
        <a className="button" href={`#/flows/${encodeURIComponent(flow.id)}/logs`} aria-label={`Logs of ${flow.name}`}>
          Logs
        </a>
        <button type="button" onClick={props.onTrigger} aria-label={`Trigger ${flow.name}`}>
          Trigger Flow
        </button>
        <button type="button" onClick={props.onStartRename} aria-label={`Rename ${flow.name}`}>
          Rename
        </button>
        <button type="button" onClick={props.onDuplicate} aria-label={`Duplicate ${flow.name}`}>
          Duplicate
        </button>
        <button type="button" className="danger-quiet" onClick={props.onDelete} aria-label={`Delete ${flow.name}`}>
          Delete
        </button>
      </div>
    </li>
  )
}

function RenameField({
  flow,
  onRename,
  onCancel,
}: {
  flow: FlowSummary
  onRename(name: string): Promise<boolean>
  onCancel(): void
}) {
  const [value, setValue] = useState(flow.name)
  const [problem, setProblem] = useState<string | null>(null)
  const callers = renameCallersText(useCallers(flow.id))
  const input = useRef<HTMLInputElement>(null)
  // Escape, Enter and blur can all end an edit; only the first one counts (blur also fires as the field unmounts).
  const settled = useRef(false)
  useEffect(() => input.current?.select(), [])

  const cancel = () => {
    settled.current = true
    onCancel()
  }
  const commit = async () => {
    if (settled.current) return
    const name = value.trim()
    if (!name) return setProblem('A flow needs a name.')
    if (name.length > 120) return setProblem('At most 120 characters.')
    if (name === flow.name) return cancel()
    settled.current = true
    if (!(await onRename(name))) {
      settled.current = false
      setProblem('Could not rename the flow.')
    }
  }
  return (
    <span className="rename">
      <input
        ref={input}
        value={value}
        aria-label="Flow name"
        aria-invalid={problem ? true : undefined}
        aria-describedby={
          [problem ? `rename-problem-${flow.id}` : '', callers ? `rename-callers-${flow.id}` : ''].join(' ').trim() ||
          undefined
        }
        maxLength={200}
        onChange={(e) => {
          setValue(e.target.value)
          setProblem(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit()
          if (e.key === 'Escape') {
            e.stopPropagation()
            cancel()
          }
        }}
        onBlur={() => void commit()}
      />
      {problem && (
        <span id={`rename-problem-${flow.id}`} className="field-problem" role="alert">
          {problem}
        </span>
      )}
      {callers && (
        <span id={`rename-callers-${flow.id}`} className="field-note">
          {callers}
        </span>
      )}
    </span>
  )
}
