import type { Problem, ValidateContext } from '../types'
import { validateNoReply } from '../no-reply'
import {
  IDENTIFIER,
  duplicates,
  error,
  isBlank,
  maxLength,
  maxLengthDisputed,
  requireText,
  warning,
} from '../../flow/checks'
import { endpointProblems } from './endpoint'
import { formFields, type ChatFlowConfig, type FormField } from './definition'

// Limits of docs/integrations.md, Chat Flow. Where sources disagree, the stricter one is enforced.
export const FORM_OPTION_TITLE_MAX = 30
export const FORM_LABEL_MAX: Record<FormField['type'], { strict: number; loose?: number }> = {
  text: { strict: 20 },
  number: { strict: 20 },
  email: { strict: 20 },
  date: { strict: 40 },
  dropdown: { strict: 20, loose: 30 },
  radio: { strict: 30 },
  checkbox: { strict: 30 },
  opt_in: { strict: 30, loose: 120 },
}
const OPTIONS_MAX: Partial<Record<FormField['type'], number>> = { dropdown: 200, radio: 20, checkbox: 20 }
const SCREEN_ID = /^[A-Za-z_]+$/
const EMOJI = /\p{Extended_Pictographic}/u

export function validateChatFlow(c: ChatFlowConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [
    ...validateNoReply(c, ctx),
    ...requireText(ctx, '/flowId', c.flowId, 'Form id'),
    ...requireText(ctx, '/body', c.body, 'Body'),
    ...maxLength(ctx, '/body', c.body, 1024, 'Body'),
    ...maxLength(ctx, '/header', c.header, 60, 'Header'),
    ...maxLength(ctx, '/footer', c.footer, 60, 'Footer'),
    ...requireText(ctx, '/cta', c.cta, 'Button label'),
    ...maxLengthDisputed(ctx, '/cta', c.cta, 20, 30, 'Button label'),
  ]
  for (const m of endpointProblems(c.endpoint)) out.push(error(ctx, 'config.endpoint', m, '/endpoint'))
  if (c.action === 'data_exchange' && !c.endpoint.url.trim())
    out.push(
      warning(
        ctx,
        'config.endpoint',
        'A data_exchange form asks its endpoint for the first screen; name the endpoint URL.',
        '/endpoint/url',
      ),
    )
  if (EMOJI.test(c.cta)) out.push(error(ctx, 'limit.cta_emoji', 'The button label must not contain emoji.', '/cta'))
  if (c.screens.length === 0) out.push(error(ctx, 'config.required', 'The form needs at least one screen.', '/screens'))
  const dupScreens = duplicates(c.screens.map((s) => s.id))
  const dupFields = duplicates(formFields(c).map((f) => f.name))
  c.screens.forEach((s, si) => {
    const at = `/screens/${si}`
    if (s.id === 'SUCCESS')
      out.push(error(ctx, 'config.screen_id', "Screen id 'SUCCESS' is reserved by the channel.", `${at}/id`))
    else if (!SCREEN_ID.test(s.id))
      out.push(error(ctx, 'config.screen_id', `Screen id '${s.id}' may hold only letters and underscore.`, `${at}/id`))
    else if (dupScreens.has(s.id))
      out.push(error(ctx, 'config.duplicate_id', `Screen id '${s.id}' is used twice.`, `${at}/id`))
    if (s.fields.length === 0)
      out.push(error(ctx, 'config.required', `Screen ${si + 1} has no fields.`, `${at}/fields`))
    // The footer button counts as one of the 50 components.
    if (s.fields.length > 49)
      out.push(
        error(
          ctx,
          'limit.components',
          `Screen ${si + 1} has ${s.fields.length} fields; a screen holds at most 50 components including its button.`,
          `${at}/fields`,
        ),
      )
    if (s.fields.filter((f) => f.type === 'opt_in').length > 5)
      out.push(error(ctx, 'limit.opt_in', `Screen ${si + 1} has more than 5 opt-ins.`, `${at}/fields`))
    s.fields.forEach((f, fi) => out.push(...validateField(f, `${at}/fields/${fi}`, dupFields, ctx)))
  })
  const names = new Set(formFields(c).map((f) => f.name))
  c.responseMapping.forEach((m, i) => {
    if (!names.has(m.field))
      out.push(
        error(
          ctx,
          'config.unknown_field',
          `Response mapping reads '${m.field}', which is not a field of the form.`,
          `/responseMapping/${i}/field`,
        ),
      )
    if (!IDENTIFIER.test(m.variable))
      out.push(
        error(
          ctx,
          'config.variable_name',
          `Variable '${m.variable}' may hold only letters, digits and underscore and must not start with a digit.`,
          `/responseMapping/${i}/variable`,
        ),
      )
  })
  return out
}

function validateField(f: FormField, at: string, dup: Set<string>, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  const what = `Field '${f.name || f.label}'`
  if (!IDENTIFIER.test(f.name))
    out.push(
      error(ctx, 'config.field_name', `${what}: name may hold only letters, digits and underscore.`, `${at}/name`),
    )
  else if (dup.has(f.name))
    out.push(error(ctx, 'config.duplicate_name', `Field name '${f.name}' is used twice in the form.`, `${at}/name`))
  out.push(...requireText(ctx, `${at}/label`, f.label, `${what} label`))
  const lim = FORM_LABEL_MAX[f.type]
  out.push(
    ...(lim.loose
      ? maxLengthDisputed(ctx, `${at}/label`, f.label, lim.strict, lim.loose, `${what} label`)
      : maxLength(ctx, `${at}/label`, f.label, lim.strict, `${what} label`)),
  )
  const maxOptions = OPTIONS_MAX[f.type]
  if (maxOptions !== undefined) {
    if (f.options.length < 1 || f.options.length > maxOptions)
      out.push(
        error(
          ctx,
          'limit.options_count',
          `${what} has ${f.options.length} options; allowed 1 to ${maxOptions}.`,
          `${at}/options`,
        ),
      )
    const dupIds = duplicates(f.options.map((o) => o.id))
    f.options.forEach((o, i) => {
      if (isBlank(o.id))
        out.push(error(ctx, 'config.required', `${what}: option ${i + 1} has no id.`, `${at}/options/${i}/id`))
      else if (dupIds.has(o.id))
        out.push(
          error(ctx, 'config.duplicate_id', `${what}: option id '${o.id}' is used twice.`, `${at}/options/${i}/id`),
        )
      out.push(...requireText(ctx, `${at}/options/${i}/title`, o.title, `${what} option ${i + 1} title`))
      out.push(
        ...maxLength(ctx, `${at}/options/${i}/title`, o.title, FORM_OPTION_TITLE_MAX, `${what} option ${i + 1} title`),
      )
    })
  }
  return out
}
