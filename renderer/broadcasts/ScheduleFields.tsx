import type { BroadcastForm, FormField, ScheduleKind } from './spec-form'

const KINDS: Array<[ScheduleKind, string]> = [
  ['now', 'Now'],
  ['at', 'At a date and time'],
  ['contact_local', 'At a time in each contact’s zone'],
]

/** When a broadcast sends: now, at a date and time in one zone, or at a time of day in each contact's own zone. */
export function ScheduleFields({
  form,
  problem,
  onChange,
}: {
  form: BroadcastForm
  problem: { field: FormField; message: string } | null
  onChange(patch: Partial<BroadcastForm>): void
}) {
  const invalid = (f: FormField) => (problem?.field === f ? true : undefined)
  return (
    <fieldset>
      <legend>When</legend>
      <div className="broadcast-choices" role="radiogroup" aria-label="When">
        {KINDS.map(([kind, label]) => (
          <label key={kind} className="contact-optin">
            <input
              type="radio"
              name="schedule"
              checked={form.schedule === kind}
              onChange={() => onChange({ schedule: kind })}
            />
            {label}
          </label>
        ))}
      </div>
      {form.schedule === 'at' && (
        <div className="contact-field-row">
          <label>
            Date and time
            <input
              type="datetime-local"
              value={form.at}
              aria-invalid={invalid('at')}
              onChange={(e) => onChange({ at: e.target.value })}
            />
          </label>
          <label>
            Time zone
            <input
              value={form.zone}
              aria-invalid={invalid('zone')}
              onChange={(e) => onChange({ zone: e.target.value })}
            />
          </label>
        </div>
      )}
      {form.schedule === 'contact_local' && (
        <div className="contact-field-row">
          <label>
            Time of day
            <input
              type="time"
              value={form.time}
              aria-invalid={invalid('time')}
              onChange={(e) => onChange({ time: e.target.value })}
            />
          </label>
          <label>
            Zone when a contact&apos;s is unknown
            <input
              value={form.fallbackZone}
              aria-invalid={invalid('zone')}
              onChange={(e) => onChange({ fallbackZone: e.target.value })}
            />
          </label>
        </div>
      )}
    </fieldset>
  )
}
