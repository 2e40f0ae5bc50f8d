// `chatflow run`'s --trigger and --contact options, read into how the run starts and who the customer is: every
// message names the option and shows a form that works.
import type { AdReferral, InboundEvent, TriggerInput } from '../../../shared/engine'
import { AD_FIELDS as AD_FIELD_NAMES } from '../../../shared/nodes/trigger/definition'
import { InvalidPhoneError, normalisePhone } from '../../services/runs'
import { WebhookError } from '../../services/webhook/errors'
import { parseWebhookBody } from '../../services/webhook/request'

export type TriggerOption =
  { start: 'first-line' } | { start: 'event'; event: InboundEvent } | { start: 'direct'; trigger: TriggerInput }

export function parseTrigger(value: string | undefined): TriggerOption | string | undefined {
  if (value === undefined) return undefined
  const [kind, ...rest] = value.split(':')
  const arg = rest.join(':')
  switch (kind) {
    case 'manual':
      return { start: 'direct', trigger: { kind: 'manual', operator: 'cli' } }
    case 'message':
      return arg ? { start: 'event', event: { type: 'text', text: arg } } : { start: 'first-line' }
    case 'button':
      return buttonTrigger(arg)
    case 'ad':
      return adTrigger(arg)
    case 'webhook': {
      const data = jsonObject(arg || '{}')
      if (typeof data === 'string') return `webhook: the data ${data}`
      return { start: 'direct', trigger: { kind: 'webhook', phone_number: '', data } }
    }
    case 'webhook-request':
      return webhookRequestTrigger(arg)
    default:
      return `unknown trigger '${value}' (manual, message:<text>, button:<payload>, webhook:<json>, webhook-request:<json>, ad:<headline>)`
  }
}

/** `button:<payload>`, or `button:{"id": "order_42", "title": "Track"}` for a tap whose title differs from its id. */
function buttonTrigger(arg: string): TriggerOption | string {
  if (!arg) return 'button: needs a payload'
  if (!arg.startsWith('{')) return { start: 'event', event: { type: 'button_reply', reply: { id: arg, title: arg } } }
  const o = jsonObject(arg)
  if (typeof o === 'string') return `button: ${o}`
  const id = o.id ?? o.payload
  if (typeof id !== 'string' || !id)
    return 'button: the JSON needs "id" (the payload), e.g. {"id": "order_42", "title": "Track"}'
  const title = typeof o.title === 'string' ? o.title : id
  return { start: 'event', event: { type: 'button_reply', reply: { id, title } } }
}

/**
 * `ad:<headline>`, or `ad:{"headline": "Sale", "source_id": "12", …, "text": "Is this still available?"}`: the ad's
 * referral fields together with the text of the message the customer sent from it.
 */
function adTrigger(arg: string): TriggerOption | string {
  if (!arg.startsWith('{'))
    return {
      start: 'event',
      event: { type: 'text', text: arg || 'Hi', referral: { headline: arg, source_type: 'ad' } },
    }
  const o = jsonObject(arg)
  if (typeof o === 'string') return `ad: ${o}`
  const { text, ...fields } = o
  const referral: AdReferral = {}
  for (const [k, v] of Object.entries(fields)) {
    if (!AD_FIELDS.has(k)) return `ad: unknown field "${k}" (${[...AD_FIELDS].join(', ')}, and "text" for the message)`
    if (k === 'welcome_message')
      referral.welcome_message = { text: String((v as { text?: unknown } | null)?.text ?? v) }
    else referral[k as Exclude<keyof AdReferral, 'welcome_message'>] = String(v)
  }
  return { start: 'event', event: { type: 'text', text: typeof text === 'string' && text ? text : 'Hi', referral } }
}

const AD_FIELDS: ReadonlySet<string> = new Set(AD_FIELD_NAMES)

/**
 * `webhook-request:<json>`: a request body checked by the flow webhook's own rules (electron/services/webhook/request.ts),
 * so what runs here is what the endpoint would take. The contact is --contact's, as the phone number is the run's.
 */
function webhookRequestTrigger(arg: string): TriggerOption | string {
  const o = jsonObject(arg || '{}')
  if (typeof o === 'string') return `webhook-request: the body ${o}`
  if ('phone_number' in o) return "webhook-request: the phone number is the contact's: give it with --contact"
  try {
    const { data, message_text, button_id } = parseWebhookBody({ ...o, phone_number: '+10000000000' })
    return {
      start: 'direct',
      trigger: {
        kind: 'webhook',
        phone_number: '',
        data,
        ...(message_text !== undefined ? { message_text } : {}),
        ...(button_id !== undefined ? { button_id } : {}),
      },
    }
  } catch (err) {
    if (err instanceof WebhookError) return `webhook-request: ${err.message}`
    throw err
  }
}

function jsonObject(text: string): Record<string, unknown> | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'is not valid JSON'
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : 'must be a JSON object'
}

/** `--contact "Name +919800000001"`: a name, a phone with country code, or both; a message when the phone is unusable. */
export function parseContact(value: string | undefined): { name: string; phone: string } | string {
  const found = value?.match(/\+[\d\s\-().]{6,}/)?.[0]?.trim()
  if (!found && /\d{5,}/.test((value ?? '').replace(/[\s\-().]/g, ''))) {
    return `--contact: the phone number needs its country code, e.g. --contact "Asha +919800000001"`
  }
  const phone = found ?? '+10000000000'
  try {
    normalisePhone(phone)
  } catch (err) {
    if (err instanceof InvalidPhoneError) return `--contact: ${err.message}`
    throw err
  }
  const name =
    (value ?? '')
      .replace(found ?? '', '')
      .replace(/[<>]/g, '')
      .trim() || 'Test Customer'
  return { name, phone }
}
