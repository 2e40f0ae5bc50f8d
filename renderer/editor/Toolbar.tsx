import { useReactFlow } from '@xyflow/react'
import { ArrowLeft } from 'lucide-react'
import { ThemeSwitch } from '../shell/ThemeSwitch'
import { autoLayout } from './actions'
import { useEditor, useEditorStore } from './context'
import type { SaveStatus } from './autosave'
import { liveBreakpoints } from './breakpoints'
import { LanguageSwitch } from './LanguageSwitch'

interface Props {
  onBack(): void
  status: SaveStatus
  onSearch(): void
  onHelp(): void
  onRevisions(): void
  onWebhook(): void
  onSettings(): void
  onBreakpoints(): void
  onOverwrite(): void
}

function statusText(s: SaveStatus): string {
  switch (s.state) {
    case 'saved':
      return 'All changes saved'
    case 'pending':
      return 'Unsaved changes'
    case 'saving':
      return 'Saving…'
    case 'error':
      return `Not saved: ${s.error.message}`
  }
}

export function Toolbar({
  onBack,
  status,
  onSearch,
  onHelp,
  onRevisions,
  onWebhook,
  onSettings,
  onBreakpoints,
  onOverwrite,
}: Props) {
  const store = useEditorStore()
  const rf = useReactFlow()
  const name = useEditor((s) => s.doc.name)
  const flowId = useEditor((s) => s.doc.id)
  const undoLabel = useEditor((s) => s.history.past.at(-1)?.label)
  const redoLabel = useEditor((s) => s.history.future[0]?.label)
  const breakpoints = useEditor((s) => liveBreakpoints(s.breakpoints, s.doc).length)
  return (
    <header className="editor-toolbar" role="toolbar" aria-label="Editor">
      <button type="button" onClick={onBack} aria-label="Back to flows">
        <ArrowLeft size={14} aria-hidden="true" /> Flows
      </button>
      <h1 className="editor-title" title={name}>
        {name}
      </h1>
      <LanguageSwitch />
      <button
        type="button"
        aria-label="Undo"
        title={undoLabel ? `Undo ${undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
        disabled={!undoLabel}
        onClick={() => store.getState().undo()}
      >
        Undo
      </button>
      <button
        type="button"
        aria-label="Redo"
        title={redoLabel ? `Redo ${redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
        disabled={!redoLabel}
        onClick={() => store.getState().redo()}
      >
        Redo
      </button>
      <button
        type="button"
        aria-label="Auto-layout"
        title="Lay out the selection, or the whole flow (Ctrl+Shift+L)"
        onClick={() => void autoLayout(store, rf)}
      >
        Layout
      </button>
      <button type="button" aria-label="Search nodes" title="Ctrl+F" onClick={onSearch}>
        Search
      </button>
      <a
        className="button"
        href={`#/flows/${encodeURIComponent(flowId)}/logs`}
        aria-label="Logs"
        title="This flow's executions"
      >
        Logs
      </a>
      <button
        type="button"
        aria-label="Webhook"
        title="Endpoint, secret and curl command of this flow"
        onClick={onWebhook}
      >
        Webhook
      </button>
      <button
        type="button"
        aria-label="Flow settings"
        title="Language, time zone and phone country that questions read answers with"
        onClick={onSettings}
      >
        Settings
      </button>
      <button
        type="button"
        title="Where a test run in the emulator stops (F9 on a card or connection)"
        onClick={onBreakpoints}
      >
        Breakpoints{breakpoints ? ` (${breakpoints})` : ''}
      </button>
      <button type="button" aria-label="Revisions" onClick={onRevisions}>
        Revisions
      </button>
      <button type="button" aria-label="Keyboard shortcuts" title="?" onClick={onHelp}>
        Shortcuts
      </button>
      <span className={`save-status ${status.state}`} role="status" aria-label="Save status">
        {statusText(status)}
      </span>
      {status.state === 'error' && status.error.code === 'conflict' && (
        <>
          <button
            type="button"
            onClick={() => location.reload()}
            title="Drop the changes made here and open the stored version"
          >
            Reload stored version
          </button>
          <button type="button" onClick={onOverwrite} title="Save what is on this canvas over the stored version">
            Keep my version
          </button>
        </>
      )}
      <ThemeSwitch />
    </header>
  )
}
