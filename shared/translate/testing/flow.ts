// A small flow in English and Spanish with every kind of text the import checks: placeholders, a button title under
// the channel's 20-character limit, a body without one worth reaching.
import type { FlowDocument } from '../../flow/document'
import { LEGACY_SETTINGS } from '../../flow/settings'
import { buildFlow } from '../../engine/testing/fixtures'

export function shopFlow(opts: { id?: string; name?: string } = {}): FlowDocument {
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['shop'] } },
      { type: 'message', name: 'welcome', config: { text: 'Hi {{customer_name}}, welcome to {{shop_name}}!' } },
      {
        type: 'interactive_message',
        name: 'menu',
        config: {
          mode: 'buttons',
          body: 'What would you like to do?',
          buttons: [
            { id: 'track', title: 'Track my order' },
            { id: 'talk', title: 'Talk to us' },
          ],
        },
      },
    ],
    [
      ['trigger_1', 'out', 'welcome'],
      ['welcome', 'out', 'menu'],
    ],
    { id: opts.id ?? 'flw_shop', name: opts.name ?? 'Shop' },
  )
  return {
    ...doc,
    settings: { ...LEGACY_SETTINGS, languages: { list: ['en', 'es', 'fr'], default: 'en', from: null, detect: true } },
  }
}
