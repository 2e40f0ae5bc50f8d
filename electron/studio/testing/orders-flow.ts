import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { expectOk } from './backend'

// The handler tests' "Orders" flow, saved through the commands: a manual trigger whose `mode` picks a Question
// (`ask`) or an HTTP Call that cannot connect (port 1 on loopback refuses), both going on to a Message. Its runs end,
// pause at the question, or fail at the call, which is what the logs and traffic commands tell apart.

export async function saveOrdersFlow(api: Backend): Promise<{ flowId: string; contactId: string; revision: number }> {
  const created = expectOk(await api.call('flows.create', { name: 'Orders' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'condition',
        name: 'which',
        config: { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'ask' }] },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Order number?', saveTo: 'order' } },
      { type: 'http_call', name: 'lookup', config: { method: 'GET', url: 'http://127.0.0.1:1/orders' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks {{order}}' } },
    ],
    [
      ['trigger_1', 'out', 'which'],
      ['which', 'true', 'ask'],
      ['which', 'false', 'lookup'],
      ['ask', 'out', 'thanks'],
      ['lookup', 'out', 'thanks'],
    ],
    { id: created.id, name: 'Orders', active: true },
  )
  const saved = expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision }))
  const contact = expectOk(await api.call('emulator.contact', {}))
  return { flowId: created.id, contactId: contact.id, revision: saved.revision }
}
