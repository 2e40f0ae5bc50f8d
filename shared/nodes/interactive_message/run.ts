import type { NodeRunner, RunContext } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { InboundEvent, InteractiveHeader, OutboundMessage, Vars } from '../../engine/types'
import type { InteractiveMessageConfig } from './definition'
import { noReplyWait } from '../no-reply'

// Reply buttons or a list menu: sends, waits, and on a tap or row selection leaves by the port named after the
// button or row id. Text typed instead of a tap counts when it names an option (its title or id, any case);
// other text re-sends the same message and keeps waiting (docs/engine.md, "Text where a tap is expected").

interface Option {
  id: string
  title: string
}
/** Kept in the run while paused: the options as rendered, and the message to re-send. */
interface WaitData {
  mode: InteractiveMessageConfig['mode']
  options: Option[]
  message: OutboundMessage
}

export const interactiveMessageRunner: NodeRunner<InteractiveMessageConfig> = {
  run(ctx) {
    const { message, options } = build(ctx)
    const data: WaitData = { mode: ctx.config.mode, options, message }
    const time = noReplyWait(ctx.config, ctx.effects.clock.now())
    return { kind: 'wait', messages: [message], data, output: { sent: options }, ...time }
  },

  accepts(event, cursor) {
    return match(event, cursor.data as WaitData) !== null
  },

  resume(ctx, event, cursor) {
    const data = cursor.data as WaitData
    const option = match(event, data)
    if (!option)
      return {
        kind: 'wait',
        messages: [data.message],
        data,
        ...noReplyWait(ctx.config, ctx.effects.clock.now(), cursor),
      }
    return {
      kind: 'next',
      port: option.id,
      output: { id: option.id, title: option.title },
      vars: optionVars(data.mode, option),
    }
  },
}

function match(event: InboundEvent, data: WaitData): Option | null {
  const { options, mode } = data
  if (event.type === 'button_reply' && mode === 'buttons') return options.find((o) => o.id === event.reply.id) ?? null
  if (event.type === 'list_reply' && mode === 'list') return options.find((o) => o.id === event.reply.id) ?? null
  if (event.type !== 'text') return null
  const typed = event.text.trim().toLowerCase()
  return (
    options.find((o) => o.title.trim().toLowerCase() === typed) ??
    options.find((o) => o.id.toLowerCase() === typed) ??
    null
  )
}

/**
 * The option's variables whatever chose it: a typed answer sets what a tap would, and a webhook's simulated click
 * (which carries no title) gets the label as this node rendered it.
 */
function optionVars(mode: WaitData['mode'], o: Option): Vars {
  return mode === 'buttons'
    ? { button_id: o.id, _last_button_payload: o.id, _last_button_text: o.title }
    : { row_id: o.id, _last_row_payload: o.id, _last_row_text: o.title }
}

function build(ctx: RunContext<InteractiveMessageConfig>): { message: OutboundMessage; options: Option[] } {
  const { config: c, render } = ctx
  const body = { text: render(c.body) }
  if (!body.text.trim())
    throw new NodeFailure('empty_message', 'The message body rendered empty; the channel requires one.')
  const header = buildHeader(c, render)
  const footerText = render(c.footer)
  const footer = footerText ? { footer: { text: footerText } } : {}
  if (c.mode === 'buttons') {
    const options = c.buttons.map((b) => ({ id: b.id, title: render(b.title) }))
    const buttons = options.map((o) => ({ type: 'reply' as const, reply: { id: o.id, title: o.title } }))
    return {
      options,
      message: {
        type: 'interactive',
        interactive: { type: 'button', ...header, body, ...footer, action: { buttons } },
      },
    }
  }
  const sections = c.list.sections.map((s) => ({
    ...(s.title ? { title: render(s.title) } : {}),
    rows: s.rows.map((r) => {
      const description = render(r.description)
      return { id: r.id, title: render(r.title), ...(description ? { description } : {}) }
    }),
  }))
  const action = { button: render(c.list.buttonLabel), sections }
  const options = sections.flatMap((s) => s.rows.map((r) => ({ id: r.id, title: r.title })))
  return {
    options,
    message: { type: 'interactive', interactive: { type: 'list', ...header, body, ...footer, action } },
  }
}

function buildHeader(c: InteractiveMessageConfig, render: (t: string) => string): { header?: InteractiveHeader } {
  switch (c.header.type) {
    case 'none':
      return {}
    case 'text': {
      const text = render(c.header.text)
      return text ? { header: { type: 'text', text } } : {}
    }
    case 'image':
      return { header: { type: 'image', image: { link: render(c.header.mediaUrl) } } }
    case 'video':
      return { header: { type: 'video', video: { link: render(c.header.mediaUrl) } } }
    case 'document':
      return { header: { type: 'document', document: { link: render(c.header.mediaUrl) } } }
  }
}
