import { useEffect, useState } from 'react'
import type { LogFilter } from '../../shared/api/commands/logs'

const STATES = ['executing', 'paused', 'ended', 'failed'] as const

const toLocal = (ms: number | undefined): string => {
  if (ms === undefined) return ''
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}
const fromLocal = (s: string): number | undefined => (s ? new Date(s).getTime() : undefined)

/** Filter bar. Text fields apply after a short pause in typing; menus and dates apply at once. */
export function Filters({
  filter,
  triggerKinds,
  onChange,
}: {
  filter: LogFilter
  triggerKinds: string[]
  onChange(f: LogFilter): void
}) {
  const [contact, setContact] = useState(filter.contact ?? '')
  const [text, setText] = useState(filter.text ?? '')
  useEffect(() => {
    if (contact === (filter.contact ?? '') && text === (filter.text ?? '')) return
    const t = setTimeout(() => onChange({ ...filter, contact, text }), 250)
    return () => clearTimeout(t)
  }, [contact, text]) // eslint-disable-line react-hooks/exhaustive-deps
  const status = filter.status?.[0] ?? ''
  const kind = filter.triggerKind?.[0] ?? ''
  return (
    <div className="logs-filters" role="search">
      <label>
        State
        <select
          aria-label="State"
          value={status}
          onChange={(e) =>
            onChange({ ...filter, status: e.target.value ? [e.target.value as (typeof STATES)[number]] : [] })
          }
        >
          <option value="">any</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Trigger
        <select
          aria-label="Trigger"
          value={kind}
          onChange={(e) => onChange({ ...filter, triggerKind: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">any</option>
          {triggerKinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      <label>
        Delivery
        <select
          aria-label="Delivery"
          value={filter.delivery ?? ''}
          onChange={(e) => onChange({ ...filter, delivery: e.target.value === 'failed' ? 'failed' : undefined })}
        >
          <option value="">any</option>
          <option value="failed">failed deliveries</option>
        </select>
      </label>
      <label>
        Waiting
        <select
          aria-label="Waiting"
          value={filter.waiting ?? ''}
          onChange={(e) => onChange({ ...filter, waiting: e.target.value === 'time' ? 'time' : undefined })}
        >
          <option value="">any</option>
          <option value="time">on time</option>
        </select>
      </label>
      <label>
        Contact
        <input
          aria-label="Contact"
          placeholder="name, phone or id"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
      </label>
      <label>
        From
        <input
          aria-label="From"
          type="datetime-local"
          value={toLocal(filter.from)}
          onChange={(e) => onChange({ ...filter, from: fromLocal(e.target.value) })}
        />
      </label>
      <label>
        To
        <input
          aria-label="To"
          type="datetime-local"
          value={toLocal(filter.to)}
          onChange={(e) => {
            const to = fromLocal(e.target.value)
            onChange({ ...filter, to: to === undefined ? undefined : to + 59_999 })
          }}
        />
      </label>
      <label>
        Search
        <input
          aria-label="Search messages and variables"
          placeholder="text in messages or variables"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
    </div>
  )
}
