// The channel's error codes in a flow author's words (docs/runtime.md, The channel), shown before the channel's own text
// wherever a send failed: the runtime's log, the run's delivery state in Flow Logs.

const HINTS: Record<number, string> = {
  190: 'the access token has expired or was revoked',
  130429: 'the business number sends faster than its throughput allows',
  131026: 'the message could not be delivered to this number',
  131047: 'more than 24 hours since the customer last wrote: only a template may be sent',
  131049: "the customer's marketing message limit was reached",
  131050: 'the customer stopped marketing messages',
  131051: 'this message type is not supported',
  131056: 'too many messages to this customer in a short time',
  132000: 'the number of template parameters does not match the template',
  132001: 'the template does not exist in this language, or is not approved',
}

export interface ChannelErrorParts {
  /** The channel's code; null when the answer carried none (then `status` names the HTTP status). */
  code: number | null
  status?: number
  subcode?: number | null
  message: string
  /** error_data.details, when it says more than the message. */
  details?: string | null
}

/** One line: `channel error 131047: more than 24 hours …: Re-engagement message (details)`. */
export function describeChannelError(e: ChannelErrorParts): string {
  const sub = e.subcode ? `/${e.subcode}` : ''
  const hint = e.code !== null && HINTS[e.code] ? `${HINTS[e.code]}: ` : ''
  const details = e.details && e.details !== e.message ? ` (${e.details})` : ''
  return `channel error ${e.code ?? e.status ?? '?'}${sub}: ${hint}${e.message}${details}`.slice(0, 1000)
}
