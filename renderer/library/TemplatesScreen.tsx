import { useState } from 'react'
import type { TemplateRecord } from '../../shared/api/commands/integrations'
import type { MessageTemplate } from '../../shared/nodes/template_message/run-template'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { LibraryHeader, Problems } from './LibraryHeader'
import { useLibraryList } from './useLibraryList'
import { BLANK_TEMPLATE, TemplateForm } from './TemplateForm'

const keyOf = (t: { name: string; language: string }) => `${t.name}:${t.language}`

function withoutStamp({ updatedAt: _updatedAt, ...t }: TemplateRecord): MessageTemplate {
  return t
}

const listTemplates = async () => {
  const res = await api.call('integrations.listTemplates', {})
  return res.ok ? { ok: true as const, value: res.value.templates } : res
}

/** The local template library the Template Message node sends from: list, create, edit, delete. */
export function TemplatesScreen() {
  const { items: templates, errors: error, reload: load, run } = useLibraryList(listTemplates)
  // null: no form open; BLANK_TEMPLATE: a new one; else the template being edited.
  const [editing, setEditing] = useState<MessageTemplate | null>(null)
  const [confirming, setConfirming] = useState<TemplateRecord | null>(null)

  const remove = async (t: TemplateRecord) => {
    setConfirming(null)
    if (!(await run(api.call('integrations.deleteTemplate', { name: t.name, language: t.language })))) return
    if (editing && keyOf(editing) === keyOf(t)) setEditing(null)
  }

  return (
    <main className="flows-screen library-screen" aria-labelledby="templates-title">
      <LibraryHeader title="Message templates" id="templates-title" />
      <Problems problems={error} label="Template library error" />
      <div className="library-toolbar">
        <button type="button" className="primary" onClick={() => setEditing(BLANK_TEMPLATE)}>
          New template
        </button>
      </div>
      {templates === null ? (
        <p className="loading" aria-busy="true">
          Loading templates…
        </p>
      ) : templates.length === 0 ? (
        <p className="empty">
          No templates yet. A Template Message node sends one of these; create the first with “New template”.
        </p>
      ) : (
        <ul className="flow-list" aria-label="Templates">
          {templates.map((t) => (
            <li key={keyOf(t)} className="flow-row library-row" aria-label={`${t.name} (${t.language})`}>
              <div className="flow-main">
                <span className="flow-name">{t.name}</span>
                <span className="flow-meta">
                  {t.language} · {t.category} · {t.body.slice(0, 80)}
                </span>
              </div>
              <div className="flow-actions">
                <button
                  type="button"
                  aria-label={`Edit ${t.name} (${t.language})`}
                  onClick={() => setEditing(withoutStamp(t))}
                >
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${t.name} (${t.language})`} onClick={() => setConfirming(t)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TemplateForm
          key={keyOf(editing) || 'new'}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void load()
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete template “${confirming.name}” (${confirming.language})?`}
          body="Template Message nodes that send it will fail until a template with this name and language exists again."
          confirmLabel="Delete template"
          danger
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </main>
  )
}
