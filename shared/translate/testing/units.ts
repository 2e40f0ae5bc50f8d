// Text units as shared/analysis' textUnits gives them, written out by hand for the file format tests.
import type { TextUnit } from '../../analysis/translations'

export function unit(nodeId: string, pointer: string, source: string, more: Partial<TextUnit> = {}): TextUnit {
  return {
    id: `${nodeId}${pointer}`,
    nodeId,
    nodeName: nodeId.replace(/^n_/, ''),
    nodeType: 'message',
    pointer,
    label: 'Body',
    kind: 'body',
    limit: 4096,
    source,
    translations: { es: null },
    ...more,
  }
}

/** Texts that exercise every escape: placeholders, XML's special characters, commas, quotes, line breaks. */
export const TRICKY_UNITS: TextUnit[] = [
  unit('n_welcome', '/text', 'Hi {{customer_name}}, your order {{order.id}} ships on {{format_date(ship, "d MMM")}}.'),
  unit('n_menu', '/body', 'Pick one: <fast> & "cheap" \'n\' cheerful\nsecond line\n', { label: 'Body', limit: 1024 }),
  unit('n_menu', '/buttons/0/title', 'Yes, please', { label: 'Button 1 title', kind: 'button', limit: 20 }),
  unit('n_menu', '/buttons/1/title', '{{first}} {{last}}', { label: 'Button 2 title', kind: 'button', limit: 20 }),
  unit('n_odd', '/text', '  leading and trailing spaces  ', { limit: null }),
  unit('n_esc', '/text', 'Write \\{{ to show braces; a lone {{ stays text'),
  unit('n_ctrl', '/text', 'bell\u0007 and tab\t and cr\r\n end'),
  unit('n_emoji', '/text', 'Thanks 👍🏽 — ünïcödé ¿sí? 日本語'),
]
