import { test, expect } from './fixtures'
import { openPanel } from './editor-helpers'
import { apiCall } from './emulator-helpers'

// The Intent node's panel: "Try a sentence" scores every intent live with the offline classifier the engine runs,
// trained on the node's examples; editing an example changes the scores; the card has a port per intent.
const INTENTS = [
  {
    name: 'track',
    description: 'Where the order is',
    examples: ['where is my order', 'has my parcel shipped', 'track my package', 'when will it arrive', 'order status'],
  },
  {
    name: 'cancel',
    description: 'Cancel the order',
    examples: ['cancel my order', 'I want to cancel', 'stop the order', 'I changed my mind', 'cancel it please'],
  },
]

function shopFlow(id: string) {
  return {
    format: 'chatflow.flow/1',
    id,
    name: 'Shop intents',
    active: true,
    nodes: [
      {
        id: 'n_trigger',
        type: 'trigger',
        typeVersion: 1,
        name: 'trigger_1',
        position: { x: 0, y: 0 },
        config: { kind: 'keyword', keywords: ['help'], matchMode: 'contains' },
      },
      {
        id: 'n_intent',
        type: 'intent',
        typeVersion: 1,
        name: 'intent_1',
        position: { x: 0, y: 160 },
        config: { intents: INTENTS, threshold: 0.5, source: 'next', prompt: 'How can I help?', provider: 'offline' },
      },
    ],
    edges: [{ id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_intent' }],
    samples: {},
    webhookSecretRef: null,
  }
}

test('intent panel: try a sentence shows every intent score live, misspelt text still reads, far text is other', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Shop intents' })
  await apiCall(page, 'flows.save', { document: shopFlow(created.id), expectedRevision: created.revision })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await expect(page.getByRole('group', { name: /intent_1/ })).toBeVisible()

  const panel = await openPanel(page, 'intent_1')
  const box = panel.getByRole('region', { name: 'Try a sentence' })
  const input = box.getByRole('textbox', { name: 'Try a sentence' })
  await input.fill('pls cancle my ordr')
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ cancel')
  const scores = box.getByRole('list', { name: 'Scores' })
  await expect(scores.getByRole('listitem')).toHaveCount(2)
  await expect(scores.getByRole('listitem').first()).toContainText('cancel')
  await expect(scores.getByRole('meter', { name: 'track score' })).toBeVisible()

  await input.fill('where is my parcel')
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ track')

  await input.fill('do you sell purple umbrellas')
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ other')

  // A new example is learnt at once: the same sentence now reads as track.
  await panel.getByRole('textbox', { name: 'Intent 1 example 1', exact: true }).fill('do you sell purple umbrellas')
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ track')

  await input.fill('pls cancle my ordr')
  await box.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('intent-panel.png'), fullPage: false })
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click()
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ cancel')
  await page.screenshot({ path: test.info().outputPath('intent-panel-dark.png'), fullPage: false })
})
