import type { Problem, ValidateContext } from '../types'
import { TIMEOUT_PORT_ID, validateNoReply } from '../no-reply'
import { duplicates, error, maxLength, requireText, warning } from '../../flow/checks'
import type { InteractiveMessageConfig } from './definition'

// Channel limits for reply buttons and list menus (docs/flow-format.md, Interactive Message).
export const INTERACTIVE_LIMITS = {
  bodyMax: 1024,
  listBodyLooseMax: 4096,
  headerMax: 60,
  footerMax: 60,
  buttonsMin: 1,
  buttonsMax: 3,
  buttonTitleMax: 20,
  buttonIdMax: 256,
  listLabelMax: 20,
  sectionsMax: 10,
  sectionTitleMax: 24,
  rowsMax: 10,
  rowIdMax: 200,
  rowTitleMax: 24,
  rowDescriptionMax: 72,
} as const
const L = INTERACTIVE_LIMITS

export function validateInteractive(c: InteractiveMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [...requireText(ctx, '/body', c.body, 'Body'), ...validateNoReply(c, ctx)]
  // The timeout port shares the node's port ids with the buttons and rows: one of them may not take its name.
  const ids =
    c.mode === 'buttons' ? c.buttons.map((b) => b.id) : c.list.sections.flatMap((s) => s.rows.map((r) => r.id))
  if (c.noReplyWithin.trim() && ids.includes(TIMEOUT_PORT_ID))
    out.push(
      error(
        ctx,
        'config.port_clash',
        `A ${c.mode === 'buttons' ? 'button' : 'row'} id may not be '${TIMEOUT_PORT_ID}' while No reply within is set: that is the No reply port.`,
        '/noReplyWithin',
      ),
    )
  out.push(...maxLength(ctx, '/footer', c.footer, L.footerMax, 'Footer'))
  if (c.mode === 'list') {
    out.push(
      ...maxLength(
        ctx,
        '/body',
        c.body,
        L.bodyMax,
        'Body',
        `(Meta's current page allows ${L.listBodyLooseMax}; older clients cut at ${L.bodyMax}.)`,
      ),
    )
  } else out.push(...maxLength(ctx, '/body', c.body, L.bodyMax, 'Body'))
  if (c.header.type === 'text') {
    out.push(...requireText(ctx, '/header/text', c.header.text, 'Header text'))
    out.push(...maxLength(ctx, '/header/text', c.header.text, L.headerMax, 'Header text'))
  } else if (c.header.type !== 'none') {
    if (c.mode === 'list')
      out.push(error(ctx, 'limit.list_header', 'A list menu takes a text header only.', '/header/type'))
    out.push(...requireText(ctx, '/header/mediaUrl', c.header.mediaUrl, 'Header media URL'))
  }
  return out.concat(c.mode === 'buttons' ? validateButtons(c, ctx) : validateList(c, ctx))
}

function validateButtons(c: InteractiveMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  const n = c.buttons.length
  if (n < L.buttonsMin || n > L.buttonsMax)
    out.push(error(ctx, 'limit.buttons_count', `Reply buttons: ${n} given; the channel allows 1 to 3.`, '/buttons'))
  const dupIds = duplicates(c.buttons.map((b) => b.id))
  const dupTitles = duplicates(c.buttons.map((b) => b.title.trim()))
  c.buttons.forEach((b, i) => {
    const at = `/buttons/${i}`
    out.push(...requireText(ctx, `${at}/id`, b.id, `Button ${i + 1} id`))
    out.push(...requireText(ctx, `${at}/title`, b.title, `Button ${i + 1} title`))
    out.push(...maxLength(ctx, `${at}/title`, b.title, L.buttonTitleMax, `Button ${i + 1} title`))
    out.push(...maxLength(ctx, `${at}/id`, b.id, L.buttonIdMax, `Button ${i + 1} id`))
    if (b.id !== b.id.trim())
      out.push(
        error(ctx, 'config.button_id_spaces', `Button ${i + 1} id must not start or end with a space.`, `${at}/id`),
      )
    if (dupIds.has(b.id) && b.id)
      out.push(error(ctx, 'config.duplicate_id', `Button id '${b.id}' is used twice; ids must be unique.`, `${at}/id`))
    if (dupTitles.has(b.title.trim()) && b.title.trim())
      out.push(
        error(
          ctx,
          'limit.button_title_unique',
          `Button title '${b.title}' is used twice; titles must be unique in a message.`,
          `${at}/title`,
        ),
      )
  })
  return out
}

function validateList(c: InteractiveMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [
    ...requireText(ctx, '/list/buttonLabel', c.list.buttonLabel, 'List button label'),
    ...maxLength(ctx, '/list/buttonLabel', c.list.buttonLabel, L.listLabelMax, 'List button label'),
  ]
  const sections = c.list.sections
  if (sections.length < 1 || sections.length > L.sectionsMax)
    out.push(
      error(
        ctx,
        'limit.sections_count',
        `List sections: ${sections.length} given; the channel allows 1 to 10.`,
        '/list/sections',
      ),
    )
  const rows = sections.flatMap((s) => s.rows)
  if (rows.length < 1 || rows.length > L.rowsMax)
    out.push(
      error(
        ctx,
        'limit.rows_count',
        `List rows: ${rows.length} across all sections; the channel allows 1 to 10.`,
        '/list/sections',
      ),
    )
  const dupIds = duplicates(rows.map((r) => r.id))
  sections.forEach((s, si) => {
    const sat = `/list/sections/${si}`
    if (!s.title.trim()) {
      // Meta requires a section title; the SDKs only when there are two or more sections.
      if (sections.length > 1)
        out.push(
          error(
            ctx,
            'config.required',
            `Section ${si + 1} needs a title when there are several sections.`,
            `${sat}/title`,
          ),
        )
      else
        out.push(
          warning(
            ctx,
            'limit.section_title',
            `Section ${si + 1} has no title; Meta's documentation asks for one.`,
            `${sat}/title`,
          ),
        )
    }
    out.push(...maxLength(ctx, `${sat}/title`, s.title, L.sectionTitleMax, `Section ${si + 1} title`))
    if (s.rows.length === 0)
      out.push(error(ctx, 'limit.rows_count', `Section ${si + 1} has no rows; each needs at least one.`, `${sat}/rows`))
    s.rows.forEach((r, ri) => {
      const at = `${sat}/rows/${ri}`
      const what = `Row ${ri + 1} of section ${si + 1}`
      out.push(...requireText(ctx, `${at}/id`, r.id, `${what} id`))
      out.push(...requireText(ctx, `${at}/title`, r.title, `${what} title`))
      out.push(...maxLength(ctx, `${at}/id`, r.id, L.rowIdMax, `${what} id`))
      out.push(...maxLength(ctx, `${at}/title`, r.title, L.rowTitleMax, `${what} title`))
      out.push(...maxLength(ctx, `${at}/description`, r.description, L.rowDescriptionMax, `${what} description`))
      if (dupIds.has(r.id) && r.id)
        out.push(error(ctx, 'config.duplicate_id', `Row id '${r.id}' is used twice; ids must be unique.`, `${at}/id`))
    })
  })
  return out
}
