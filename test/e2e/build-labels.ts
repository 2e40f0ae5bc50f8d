import type { NodeType } from '../../shared/nodes/node-types'
import { humanise, singular } from '../../renderer/panels/schema'

// The labels a person reads in each node panel where they are not simply the field's key in words ('retryMessage'
// reads 'Retry message'). Written out here rather than imported from renderer/nodes, so that a label changed in the
// product is a label this test notices. Pointers name list items with '*'; where the panel names a repeated field
// by its place ('Rule {1} left operand'), '{1}', '{2}' are the 1-based positions of the enclosing list items.
const LABELS: Partial<Record<NodeType, Record<string, string>>> = {
  trigger: {
    '/kind': 'Trigger kind',
    '/matchMode': 'Match',
    '/dataFields': 'Data fields',
    '/dataFields/*': 'Data field',
  },
  message: { '/text': 'Message text', '/previewUrl': 'Show link preview' },
  interactive_message: {
    '/header/type': 'Header type',
    '/header/text': 'Header text',
    '/list/sections/*/rows': 'Rows',
  },
  question: {
    '/prompt': 'Question',
    '/saveTo': 'Save to variable',
    '/answerType': 'Answer type',
    '/choices/*': 'Choice',
    '/future': 'Only days not yet passed',
    '/notBefore': 'Not before',
    '/notAfter': 'Not after',
    '/explainRefusal': 'Say what was wrong before the retry message',
  },
  condition: {
    '/join': 'Combine rules',
    '/rules/*/left': 'Rule {1} left operand',
    '/rules/*/operator': 'Rule {1} operator',
    '/rules/*/right': 'Rule {1} right operand',
  },
  router: {
    '/routes/*/name': 'Route {1} name',
    '/routes/*/id': 'Route ID',
    '/routes/*/join': 'Combine rules',
    '/routes/*/rules/*/left': 'Route {1} rule {2} left operand',
    '/routes/*/rules/*/operator': 'Route {1} rule {2} operator',
    '/routes/*/rules/*/right': 'Route {1} rule {2} right operand',
  },
  http_call: {
    '/auth/type': 'Authentication',
    '/query': 'Query parameters',
    '/query/*': 'Parameter',
    '/saveAs': 'Save to variables',
    '/saveAs/*': 'Variable',
  },
  lead_management: { '/prefix': 'Variable prefix' },
  template_message: {
    '/header/type': 'Header type',
    '/header/param': 'Header {{1}}',
    '/bodyParams': 'Body parameters',
    '/bodyParams/*': 'Body parameter',
  },
  spm: { '/catalogId': 'Catalogue ID', '/productId': 'Product ID' },
  mpm: {
    '/catalogId': 'Catalogue ID',
    '/sections/*/productIds': 'Product IDs',
    '/sections/*/productIds/*': 'Product ID',
  },
  wait: { '/mode': 'Wait', '/duration': 'For', '/time': 'Until the time', '/days': 'Days from today' },
  chat_flow: {
    '/flowId': 'Form ID',
    '/cta': 'Button label',
    '/screens/*/fields': 'Fields',
    '/responseMapping': 'Response mapping',
    '/responseMapping/*': 'Mapping',
  },
}

const generic = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*')

/** The accessible name of the field at `pointer` (e.g. '/routes/0/name' → 'Route 1 name'). */
export function fieldLabel(type: NodeType, pointer: string): string {
  const hint = LABELS[type]?.[generic(pointer)]
  if (!hint) return humanise(pointer.slice(pointer.lastIndexOf('/') + 1))
  const positions = [...pointer.matchAll(/\/(\d+)(?=\/|$)/g)].map((m) => Number(m[1]) + 1)
  return hint.replace(/\{(\d)\}/g, (_, k: string) => String(positions[Number(k) - 1]))
}

/** The label of one item of the list at `pointer` ('Button' for '/buttons'): its items read 'Button 1', 'Button 2'. */
export function itemLabel(type: NodeType, pointer: string): string {
  return LABELS[type]?.[`${generic(pointer)}/*`] ?? singular(fieldLabel(type, pointer))
}
