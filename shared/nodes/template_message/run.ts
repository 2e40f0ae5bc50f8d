// Template Message: looks the template up in the local library, fills each parameter place from the node's
// mapping (Header {{1}}, Body {{1}}…{{n}}, Button URL {{1}}, quick-reply payloads) and sends it in the channel's
// template shape. A template may be sent outside the 24-hour window (docs/integrations.md). A quick-reply tap
// later arrives as a template_button event and sets {{_last_template_button_clicked}} (shared/engine/session.ts).
import { NodeFailure, type NodeRunner, type RunContext } from '../../engine/runner'
import { mediaParameter, type OutboundMessage, type TemplateComponent } from '../../engine/outbound'
import { renderUrl } from '../http_call/run-render'
import type { TemplateMessageConfig } from './definition'
import { noReplyWait } from '../no-reply'
import { runLanguages } from '../run-language'
import { templateVersion } from './languages'
import { languageLabel } from '../../flow/languages'
import { inboundText } from '../../engine/session'
import {
  MessageTemplateSchema,
  TEMPLATE_LIMITS,
  paramCount,
  templateProblems,
  type MessageTemplate,
} from './run-template'

type Ctx = Pick<RunContext<TemplateMessageConfig>, 'config' | 'render' | 'evaluate' | 'effects' | 'settings' | 'vars'>

export const templateMessageRunner: NodeRunner<TemplateMessageConfig> = {
  // With "no reply within" the template waits for the answer it asks for: the usual way to reach a customer whose
  // 24-hour window has closed, and to give up (or remind) when they do not answer.
  run: async (ctx) => {
    const sent = await runTemplate(ctx)
    const time = noReplyWait(ctx.config, ctx.effects.clock.now())
    return 'until' in time ? { kind: 'wait', messages: sent.messages, output: sent.output, ...time } : sent
  },
  accepts: (event) => event.type !== 'nfm_reply' && event.type !== 'order',
  resume: (_ctx, event) => ({
    kind: 'next',
    port: 'out',
    output: {
      reply: inboundText(event),
      ...(event.type === 'template_button' ? { payload: event.button.payload } : {}),
    },
  }),
}

export async function runTemplate(ctx: Ctx) {
  const t = await loadTemplate(ctx)
  const c = ctx.config
  const components: TemplateComponent[] = []
  const preview = { header: '', body: t.body, footer: t.footer, buttons: [] as Array<Record<string, string>> }

  if (t.header.type === 'text') {
    preview.header = t.header.text
    if (paramCount(t.header.text) === 1) {
      const v = fill(ctx, c.header.param, 'Header {{1}}', TEMPLATE_LIMITS.headerText)
      components.push({ type: 'header', parameters: [{ type: 'text', text: v }] })
      preview.header = substitute(t.header.text, [v])
    }
  } else if (t.header.type !== 'none') {
    const link = renderUrl(c.header.mediaUrl.trim(), ctx).trim()
    if (!/^https?:\/\/\S+$/.test(link))
      throw new NodeFailure(
        'template_param',
        `The template's ${t.header.type} header needs an http(s) media link; got '${link}'.`,
      )
    components.push({ type: 'header', parameters: [mediaParameter(t.header.type, link)] })
    preview.header = `[${t.header.type}] ${link}`
  }

  const n = paramCount(t.body)
  if (c.bodyParams.length !== n)
    throw new NodeFailure(
      'template_param',
      `Template '${t.name}' has ${n} body parameter${n === 1 ? '' : 's'}; the node maps ${c.bodyParams.length}.`,
    )
  const values = c.bodyParams.map((p, i) => fill(ctx, p, `Body {{${i + 1}}}`, TEMPLATE_LIMITS.body))
  if (n) components.push({ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) })
  preview.body = substitute(t.body, values)

  let quick = 0
  t.buttons.forEach((b, index) => {
    if (b.type === 'url') {
      let url = b.url
      if (paramCount(b.url) === 1) {
        const suffix = encodeURIComponent(fill(ctx, c.buttonUrlParam, 'Button URL {{1}}', TEMPLATE_LIMITS.url))
        components.push({
          type: 'button',
          sub_type: 'url',
          index: String(index),
          parameters: [{ type: 'text', text: suffix }],
        })
        url = substitute(b.url, [suffix])
      }
      preview.buttons.push({ type: 'url', text: b.text, url })
    } else if (b.type === 'quick_reply') {
      const mapped = c.quickReplies[quick++]?.payload ?? ''
      // Without a payload the channel echoes the label; sending the label keeps the tap's payload predictable.
      const payload = mapped.trim() ? ctx.render(mapped).trim() || b.text : b.text
      if (payload.length > 256)
        throw new NodeFailure(
          'template_param',
          `Quick reply ${quick} payload has ${payload.length} characters; at most 256.`,
        )
      components.push({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload }],
      })
      preview.buttons.push({ type: 'quick_reply', text: b.text, payload })
    } else {
      preview.buttons.push({ type: 'phone', text: b.text, phone: b.phone })
    }
  })

  const message: OutboundMessage = {
    type: 'template',
    template: { name: t.name, language: { code: t.language }, ...(components.length ? { components } : {}) },
  }
  const output = {
    name: t.name,
    language: t.language,
    category: t.category,
    ...preview,
    ...(t.fallback ? { fallback: t.fallback } : {}),
  }
  return { kind: 'next' as const, port: 'out', output, messages: [message] }
}

/**
 * The template's version in the run's language (templateVersion, ./languages.ts); when the library has no version in
 * that language the default one is sent, and the output says so (`fallback`), as a missing translation does.
 */
async function loadTemplate(ctx: Ctx): Promise<MessageTemplate & { fallback?: string }> {
  const name = ctx.config.templateName
  const version = templateVersion(ctx.config, runLanguages(ctx))
  if (version.code !== ctx.config.language) {
    const own = await ctx.effects.templates.get(name, version.code)
    if (own) return checked(own, name, version.code)
    if (version.chosen)
      throw new NodeFailure(
        'template_not_found',
        `There is no template '${name}' in ${version.code} (the code set for ${version.language}) in the template library.`,
      )
    const sent = await loadIn(ctx, ctx.config.language)
    return {
      ...sent,
      fallback: `No ${languageLabel(version.language)} version of template '${name}' (${version.code}) in the library; sent ${ctx.config.language}.`,
    }
  }
  return loadIn(ctx, version.code)
}

async function loadIn(ctx: Ctx, language: string): Promise<MessageTemplate> {
  const name = ctx.config.templateName
  const raw = await ctx.effects.templates.get(name, language)
  if (!raw)
    throw new NodeFailure(
      'template_not_found',
      `There is no template '${name}' in ${language} in the template library.`,
    )
  return checked(raw, name, language)
}

function checked(raw: Record<string, unknown>, name: string, language: string): MessageTemplate {
  const parsed = MessageTemplateSchema.safeParse(raw)
  const problems = parsed.success ? templateProblems(parsed.data) : [parsed.error.issues[0]?.message ?? 'unreadable']
  if (!parsed.success || problems.length)
    throw new NodeFailure('template_invalid', `Template '${name}' (${language}) cannot be sent: ${problems.join(' ')}`)
  return parsed.data
}

/** One parameter value: rendered, required (the channel refuses an empty parameter) and within its limit. */
function fill(ctx: Ctx, template: string, place: string, max: number): string {
  const v = ctx.render(template).trim()
  if (!v) throw new NodeFailure('template_param', `${place} is empty once its variables are filled.`)
  if (v.length > max) throw new NodeFailure('template_param', `${place} has ${v.length} characters; at most ${max}.`)
  return v
}

function substitute(text: string, values: string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => values[Number(n) - 1] ?? all)
}
