// Bot messages as plain terminal text, for `chatflow run`: every kind as a customer would read it, buttons and rows
// numbered so a person can answer with the number, the title or the id. A template prints from its node's filled
// preview (view.ts), since the channel's shape names only its parameters.
import type { InteractiveMessage, OutboundMessage } from '../outbound'
import { mediaOf } from '../outbound'
import type { TemplatePreview } from './view'

const INDENT = '     '

export function printMessage(m: OutboundMessage, preview?: TemplatePreview): string[] {
  switch (m.type) {
    case 'text':
      return [`bot: ${m.text.body}`]
    case 'interactive':
      return printInteractive(m.interactive)
    case 'template':
      return preview ? printTemplate(preview) : [`bot: [template ${m.template.name} (${m.template.language.code})]`]
    default: {
      const media = mediaOf(m)!
      const lines = [`bot: [${media.kind}] ${media.link}`]
      if (media.filename) lines.push(`${INDENT}(file: ${media.filename})`)
      if (media.caption) lines.push(`${INDENT}${media.caption}`)
      return lines
    }
  }
}

function printInteractive(i: InteractiveMessage): string[] {
  const lines: string[] = []
  const header = 'header' in i ? i.header : undefined
  if (header?.type === 'text' && header.text) lines.push(`bot: *${header.text}*`)
  else if (header) lines.push(`bot: [${header.type} header]`)
  if (i.body) lines.push(`${lines.length ? INDENT : 'bot: '}${i.body.text}`)
  else if (!lines.length) lines.push('bot:')
  if (i.footer?.text) lines.push(`${INDENT}_${i.footer.text}_`)
  switch (i.type) {
    case 'button':
      lines.push(INDENT + i.action.buttons.map((b, n) => `[${n + 1}] ${b.reply.title}`).join('  '))
      break
    case 'list': {
      lines.push(`${INDENT}(list: ${i.action.button})`)
      let n = 0
      for (const s of i.action.sections) {
        if (s.title) lines.push(`${INDENT}${s.title}`)
        for (const r of s.rows) lines.push(`${INDENT}  ${++n}) ${r.title}${r.description ? ` — ${r.description}` : ''}`)
      }
      break
    }
    case 'product':
      lines.push(`${INDENT}[product ${i.action.product_retailer_id} · catalogue ${i.action.catalog_id}]`)
      break
    case 'product_list':
      for (const s of i.action.sections)
        lines.push(
          `${INDENT}${s.title ? `${s.title}: ` : ''}${s.product_items.map((p) => p.product_retailer_id).join(', ')}`,
        )
      lines.push(`${INDENT}[products · catalogue ${i.action.catalog_id}]`)
      break
    case 'flow':
      lines.push(`${INDENT}[form: ${i.action.parameters.flow_cta}]`)
      break
    case 'cta_url':
      lines.push(`${INDENT}(link: ${i.action.parameters.display_text} → ${i.action.parameters.url})`)
      break
  }
  return lines
}

/** A template as its customer reads it; quick replies numbered, URL and phone buttons listed. */
function printTemplate(p: TemplatePreview): string[] {
  const lines = [`bot: [template ${p.name} (${p.language})]`]
  if (p.header) lines.push(`${INDENT}*${p.header}*`)
  lines.push(`${INDENT}${p.body ?? ''}`)
  if (p.footer) lines.push(`${INDENT}_${p.footer}_`)
  const buttons = p.buttons ?? []
  const quick = buttons.filter((b) => b.type === 'quick_reply')
  if (quick.length) lines.push(INDENT + quick.map((q, n) => `[${n + 1}] ${q.text}`).join('  '))
  for (const b of buttons) {
    if (b.type === 'url') lines.push(`${INDENT}(link: ${b.text} → ${b.url})`)
    if (b.type === 'phone') lines.push(`${INDENT}(call: ${b.text} → ${b.phone})`)
  }
  return lines
}
