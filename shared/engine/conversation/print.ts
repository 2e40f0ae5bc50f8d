// Bot messages as plain terminal text, for `chatflow run`: buttons and rows numbered so a person can answer with
// the number, the title or the id.
import type { OutboundMessage } from '../types'

export function printMessage(m: OutboundMessage): string[] {
  if (m.type === 'text') return [`bot: ${(m.text as { body: string }).body}`]
  if (m.type !== 'interactive') return [`bot: [${m.type} message]`]
  const i = m.interactive
  const lines: string[] = []
  const head = i as { header?: { type: string; text?: string }; body?: { text: string }; footer?: { text: string } }
  if (head.header?.type === 'text' && head.header.text) lines.push(`bot: *${head.header.text}*`)
  else if (head.header) lines.push(`bot: [${head.header.type} header]`)
  lines.push(`${lines.length ? '     ' : 'bot: '}${head.body?.text ?? ''}`)
  if (head.footer?.text) lines.push(`     _${head.footer.text}_`)
  if (i.type === 'button') {
    lines.push('     ' + i.action.buttons.map((b, n) => `[${n + 1}] ${b.reply.title}`).join('  '))
  } else if (i.type === 'list') {
    lines.push(`     (list: ${i.action.button})`)
    let n = 0
    for (const s of i.action.sections) {
      if (s.title) lines.push(`     ${s.title}`)
      for (const r of s.rows) lines.push(`       ${++n}) ${r.title}${r.description ? ` — ${r.description}` : ''}`)
    }
  } else lines.push(`     [${i.type}]`)
  return lines
}
