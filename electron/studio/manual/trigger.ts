// Starts one flow for a few contacts as an operator would, each with its own run, and reports per contact:
// Succeeded, Failed (error message) or Blocked (opted out, or outside the 24-hour window when the first message
// is not a template), with the message credits used. Runs go through RunService with the window enforced.
import {
  MAX_MANUAL_CONTACTS,
  type CreditRule,
  type ManualContactResult,
  type ManualTarget,
} from '../../../shared/api/commands/manual'
import { WINDOW_MS, type StepResult } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import { ApiFailure } from '../../services/failure'
import { InvalidPhoneError, WithPersonError, type ContactRecord, type RunService } from '../../services/runs'
import { templateCosts } from './credit-rule'

export interface ManualStart {
  flow: FlowDocument
  targets: ManualTarget[]
  data: Record<string, unknown>
  triggerNodeId?: string
  operator: string
}

const BLOCKING = new Set(['outside_window', 'opted_out'])

export async function triggerManual(
  runs: RunService,
  start: ManualStart,
  rule: CreditRule,
  now: () => number,
): Promise<ManualContactResult[]> {
  if (start.targets.length > MAX_MANUAL_CONTACTS) {
    throw new ApiFailure(
      'too_many_contacts',
      `A manual trigger starts a flow for at most ${MAX_MANUAL_CONTACTS} contacts at a time; ${start.targets.length} were picked. Remove ${start.targets.length - MAX_MANUAL_CONTACTS}.`,
    )
  }
  const results: ManualContactResult[] = []
  const seen = new Set<string>()
  for (const target of start.targets) {
    const label = 'contactId' in target ? target.contactId : target.phone
    const base: ManualContactResult = {
      target: label,
      contactId: null,
      name: null,
      phone: null,
      status: 'failed',
      error: null,
      runId: null,
      cost: 0,
      templates: [],
    }
    const found = resolve(runs, target)
    if ('error' in found) {
      results.push({ ...base, error: found.error })
      continue
    }
    const c = found.contact
    const who = { ...base, contactId: c.id, name: c.name, phone: c.phone }
    if (seen.has(c.id)) {
      results.push({
        ...who,
        error: {
          code: 'duplicate_contact',
          message: `${c.name} (${c.phone}) was picked twice; the flow starts once per contact.`,
        },
      })
      continue
    }
    seen.add(c.id)
    if (!c.optedIn) {
      results.push({
        ...who,
        status: 'blocked',
        error: {
          code: 'opted_out',
          message: `${c.name} has opted out, so the business cannot start a conversation with them.`,
        },
      })
      continue
    }
    const open = c.lastInboundAt !== null && now() - c.lastInboundAt < WINDOW_MS
    let step: StepResult
    try {
      step = await runs.start(start.flow, {
        contact: c,
        trigger: { kind: 'manual', operator: start.operator, data: start.data },
        triggerNodeId: start.triggerNodeId,
      })
    } catch (err) {
      // A person has the conversation (docs/engine.md, rule 16): the bot may not start anything for them.
      if (err instanceof WithPersonError)
        results.push({ ...who, status: 'blocked', error: { code: err.code, message: err.message } })
      else
        results.push({ ...who, error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } })
      continue
    }
    const templates = templateCosts(step.trace, rule, open)
    const cost = templates.reduce((n, t) => n + t.credits, 0)
    const done = { ...who, runId: step.state.id, templates, cost }
    const error = step.state.status === 'failed' ? step.state.error : null
    if (!error) results.push({ ...done, status: 'succeeded' })
    // Blocked only when nothing reached the customer: the very first message was refused.
    else if (BLOCKING.has(error.code) && step.messages.length === 0)
      results.push({ ...done, status: 'blocked', error: { code: error.code, message: error.message } })
    else results.push({ ...done, status: 'failed', error: { code: error.code, message: error.message } })
  }
  return results
}

function resolve(
  runs: RunService,
  target: ManualTarget,
): { contact: ContactRecord } | { error: { code: string; message: string } } {
  if ('contactId' in target) {
    const c = runs.contacts.get(target.contactId)
    return c
      ? { contact: c }
      : { error: { code: 'contact_not_found', message: `No contact has the id '${target.contactId}'.` } }
  }
  try {
    return { contact: runs.contacts.ensure({ phone: target.phone }) }
  } catch (err) {
    if (err instanceof InvalidPhoneError) return { error: { code: 'invalid_phone', message: err.message } }
    throw err
  }
}
