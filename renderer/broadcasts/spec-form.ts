import type { BroadcastContact, BroadcastSpecInput } from '../../shared/broadcast'
import { readJsonObject } from './json-object'
import { readFieldLines, readTags } from './model'

// What the "New broadcast" dialog holds as the person types, and the one place it becomes a spec: every mistake is
// found here, with the field it belongs to, before the dry run is asked for.

export type AudienceKind = 'segment' | 'contacts'
export type ScheduleKind = 'now' | 'at' | 'contact_local'

export interface BroadcastForm {
  name: string
  flowId: string
  audience: AudienceKind
  tags: string
  fields: string
  /** The contacts of the last CSV import (refused rows are not among them). */
  imported: BroadcastContact[] | null
  variables: string
  schedule: ScheduleKind
  /** `2026-12-01T10:00`, read in `zone`. */
  at: string
  zone: string
  /** `10:00` in each contact's zone. */
  time: string
  fallbackZone: string
  /** Messages per second, blank for the server's pace. */
  rate: string
}

export type FormField = 'name' | 'flowId' | 'audience' | 'fields' | 'variables' | 'at' | 'zone' | 'time' | 'rate'

export type SpecRead = { ok: true; spec: BroadcastSpecInput } | { ok: false; field: FormField; message: string }

export const emptyForm = (zone: string): BroadcastForm => ({
  name: '',
  flowId: '',
  audience: 'segment',
  tags: '',
  fields: '',
  imported: null,
  variables: '',
  schedule: 'now',
  at: '',
  zone,
  time: '10:00',
  fallbackZone: zone,
  rate: '',
})

/** Whether the runtime knows the zone (Intl refuses names it does not). */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.trim() !== ''
  } catch {
    return false
  }
}

export function specOf(form: BroadcastForm): SpecRead {
  const fail = (field: FormField, message: string): SpecRead => ({ ok: false, field, message })
  const name = form.name.trim()
  if (!name) return fail('name', 'Give the broadcast a name, e.g. “December offer”.')
  if (name.length > 120) return fail('name', 'A broadcast name is at most 120 characters.')
  if (!form.flowId) return fail('flowId', 'Pick the flow each recipient is started in.')

  let audience: BroadcastSpecInput['audience']
  if (form.audience === 'segment') {
    const fields = readFieldLines(form.fields)
    if (!fields.ok) return fail('fields', fields.message)
    audience = { kind: 'segment', tags: readTags(form.tags), fields: fields.fields }
  } else {
    if (!form.imported) return fail('audience', 'Import a CSV file of phone numbers first.')
    if (form.imported.length === 0)
      return fail('audience', 'The CSV gave no contact to send to: every row was refused.')
    audience = { kind: 'contacts', contacts: form.imported }
  }

  const variables = readJsonObject(form.variables)
  if (!variables.ok) return fail('variables', variables.message)

  let schedule: BroadcastSpecInput['schedule']
  if (form.schedule === 'now') schedule = { kind: 'now' }
  else if (form.schedule === 'at') {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(form.at)) return fail('at', 'Pick the date and time to send at.')
    if (!knownZone(form.zone)) return fail('zone', `“${form.zone}” is not a time zone; write one such as Asia/Kolkata.`)
    schedule = { kind: 'at', local: form.at, zone: form.zone.trim() }
  } else {
    if (!/^\d{2}:\d{2}$/.test(form.time)) return fail('time', 'Pick the time of day, e.g. 10:00.')
    if (!knownZone(form.fallbackZone))
      return fail('zone', `“${form.fallbackZone}” is not a time zone; write one such as Asia/Kolkata.`)
    schedule = { kind: 'contact_local', time: form.time, fallbackZone: form.fallbackZone.trim() }
  }

  let rate: number | undefined
  if (form.rate.trim()) {
    rate = Number(form.rate)
    if (!Number.isInteger(rate) || rate < 1 || rate > 1000)
      return fail(
        'rate',
        'The pace is a whole number of messages per second from 1 to 1000, or blank for the server’s.',
      )
  }

  const spec: BroadcastSpecInput = {
    name,
    flowId: form.flowId,
    audience,
    variables: variables.value as BroadcastSpecInput['variables'],
    schedule,
    ...(rate === undefined ? {} : { rate }),
  }
  return { ok: true, spec }
}
