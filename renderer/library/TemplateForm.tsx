import { useState } from 'react'
import type { TemplateRecord } from '../../shared/api/commands/integrations'
import { paramCount, TEMPLATE_LIMITS, type MessageTemplate } from '../../shared/nodes/template_message/run-template'
import { api } from '../api'
import { ButtonsEditor } from './ButtonsEditor'
import { Problems } from './LibraryHeader'
import { problemsOf } from './problems'
import { TemplatePreview } from './TemplatePreview'

export const BLANK_TEMPLATE: MessageTemplate = {
  name: '',
  language: 'en',
  category: 'UTILITY',
  header: { type: 'none', text: '' },
  body: '',
  footer: '',
  buttons: [],
}

/**
 * Creates or edits one template. The back end holds the rules (docs/integrations.md, Template Message): the form sends what the
 * user typed and shows every problem it answers with, so the two can never disagree.
 */
export function TemplateForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: MessageTemplate
  onSaved(t: TemplateRecord): void
  onCancel(): void
}) {
  const [t, setT] = useState<MessageTemplate>(initial)
  const [problems, setProblems] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  const editing = initial.name !== ''
  const patch = (p: Partial<MessageTemplate>) => setT((old) => ({ ...old, ...p }))

  const save = async () => {
    setSaving(true)
    const res = await api.call('integrations.saveTemplate', { template: t })
    setSaving(false)
    if (!res.ok) return setProblems(problemsOf(res.error))
    setProblems([])
    onSaved(res.value.template)
  }

  return (
    <div className="library-editor">
      <form
        className="library-form"
        aria-label={editing ? `Edit template ${initial.name}` : 'New template'}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <label>
          Name
          <input
            value={t.name}
            readOnly={editing}
            autoFocus={!editing}
            placeholder="order_update"
            onChange={(e) => patch({ name: e.target.value })}
          />
        </label>
        <label>
          Language
          <input
            value={t.language}
            readOnly={editing}
            placeholder="en_US"
            onChange={(e) => patch({ language: e.target.value })}
          />
        </label>
        <label>
          Category
          <select
            value={t.category}
            onChange={(e) => patch({ category: e.target.value as MessageTemplate['category'] })}
          >
            <option value="MARKETING">Marketing</option>
            <option value="UTILITY">Utility</option>
            <option value="AUTHENTICATION">Authentication</option>
          </select>
        </label>
        <label>
          Header
          <select
            value={t.header.type}
            onChange={(e) =>
              patch({ header: { ...t.header, type: e.target.value as MessageTemplate['header']['type'] } })
            }
          >
            <option value="none">None</option>
            <option value="text">Text</option>
            <option value="image">Image</option>
            <option value="video">Video</option>
            <option value="document">Document</option>
          </select>
        </label>
        {t.header.type === 'text' && (
          <label>
            Header text
            <input value={t.header.text} onChange={(e) => patch({ header: { ...t.header, text: e.target.value } })} />
          </label>
        )}
        <label>
          Body
          <textarea
            rows={5}
            value={t.body}
            autoFocus={editing}
            placeholder="Hi {{1}}, your order {{2}} has shipped."
            onChange={(e) => patch({ body: e.target.value })}
          />
        </label>
        <p className="library-hint" aria-live="polite">
          {t.body.length}/{TEMPLATE_LIMITS.body} characters · {paramCount(t.body)} body parameter
          {paramCount(t.body) === 1 ? '' : 's'}
        </p>
        <label>
          Footer
          <input value={t.footer} onChange={(e) => patch({ footer: e.target.value })} />
        </label>
        <p className="library-hint">
          {t.footer.length}/{TEMPLATE_LIMITS.footer} characters
        </p>
        <ButtonsEditor buttons={t.buttons} onChange={(buttons) => patch({ buttons })} />
        <Problems problems={problems} label="Template problems" />
        <div className="dialog-actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            Save template
          </button>
        </div>
      </form>
      <TemplatePreview template={t} />
    </div>
  )
}
