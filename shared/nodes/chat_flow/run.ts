import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { InboundEvent, OutboundMessage, WaitCursor } from '../../engine/types'
import { formFields, type ChatFlowConfig } from './definition'
import { checkSubmission } from './run-fields'
import { noReplyWait } from '../no-reply'

// Sends the channel's form message (docs/integrations.md, Chat Flow) and waits for its submission (§3.4, an nfm_reply).
// The flow_token names this one sending, so a submission of an older copy of the form is not taken as the answer.
// A submission that does not fit the form fails the node with 'form_invalid' and every problem found.

interface Waiting {
  flowToken: string
}

function answersThisForm(event: InboundEvent, cursor: WaitCursor): boolean {
  if (event.type !== 'nfm_reply') return false
  const token = event.response.flow_token
  return token === undefined || token === (cursor.data as Waiting | undefined)?.flowToken
}

export const chatFlowRunner: NodeRunner<ChatFlowConfig> = {
  run({ config, render, effects }) {
    const flowToken = effects.ids.next('ftok_')
    const body = render(config.body)
    if (!body.trim())
      throw new NodeFailure('empty_message', 'The form message body rendered empty (its variables are unset).')
    const header = render(config.header).trim()
    const footer = render(config.footer).trim()
    const first = config.screens[0]
    if (!first) throw new NodeFailure('form_invalid', 'The form has no screens.')
    const message: OutboundMessage = {
      type: 'interactive',
      interactive: {
        type: 'flow',
        ...(header ? { header: { type: 'text', text: header } } : {}),
        body: { text: body },
        ...(footer ? { footer: { text: footer } } : {}),
        action: {
          name: 'flow',
          parameters: {
            flow_message_version: '3',
            flow_id: config.flowId,
            flow_cta: config.cta,
            flow_token: flowToken,
            mode: config.mode,
            flow_action: config.action,
            // The payload goes with navigate only; data_exchange asks the endpoint for the first screen.
            ...(config.action === 'navigate' ? { flow_action_payload: { screen: first.id } } : {}),
          },
        },
      },
    }
    const data: Waiting = { flowToken }
    return {
      kind: 'wait',
      messages: [message],
      data,
      output: { flow_token: flowToken },
      ...noReplyWait(config, effects.clock.now()),
    }
  },

  // Only a form submission answers; a token that names another sending is not this form's (iOS may omit it).
  accepts: answersThisForm,

  // Anything else that reaches the waiting form (typed text, an older form's submission) leaves it waiting.
  resume({ config, effects }, event, cursor) {
    if (event.type !== 'nfm_reply' || !answersThisForm(event, cursor)) {
      return {
        kind: 'wait',
        messages: [],
        data: cursor.data,
        ...noReplyWait(config, effects.clock.now(), cursor),
        output: { ignored: event.type === 'nfm_reply' ? 'another form' : event.type },
      }
    }
    const { values, problems } = checkSubmission(formFields(config), event.response)
    const flowToken = (cursor.data as Waiting | undefined)?.flowToken
    if (problems.length) {
      return {
        kind: 'fail',
        error: { code: 'form_invalid', message: `The form submission does not fit the form: ${problems.join('; ')}.` },
        output: { flow_token: flowToken, submitted: event.response },
      }
    }
    const vars: Record<string, unknown> = {}
    for (const m of config.responseMapping) {
      if (m.variable.trim() && m.field in values) vars[m.variable] = values[m.field]
    }
    return { kind: 'next', port: 'out', vars, output: { response: values, flow_token: flowToken } }
  },
}
