import { test, expect } from './fixtures'
import { apiCall, botMessages, phone } from './emulator-helpers'
import { startEndpointServer } from '../../electron/services/effects/flow-endpoint-server'

test('Chat Flow with a Data Exchange endpoint: the phone follows the real encrypted round trip to SUCCESS', async ({
  page,
  studio,
}) => {
  // A business endpoint on 127.0.0.1 holding its private key: DETAILS asks a name, CONFIRM finishes.
  const endpoint = await startEndpointServer()
  try {
    const flow = {
      format: 'chatflow.flow/1',
      name: 'Sign up',
      active: true,
      nodes: [
        {
          id: 'n_t',
          type: 'trigger',
          name: 'trigger_1',
          position: { x: 0, y: 0 },
          config: { kind: 'keyword', keywords: ['signup'], matchMode: 'exact' },
        },
        {
          id: 'n_f',
          type: 'chat_flow',
          name: 'chat_flow_1',
          position: { x: 0, y: 160 },
          config: {
            flowId: '1234567890',
            body: 'Sign up in two steps',
            cta: 'Sign up',
            action: 'data_exchange',
            endpoint: { url: endpoint.base, publicKey: endpoint.publicKey, plaintext: false },
            screens: [
              {
                id: 'DETAILS',
                title: 'Your details',
                fields: [{ name: 'name', label: 'Name', type: 'text' }],
                refreshOnBack: true,
              },
              { id: 'CONFIRM', title: 'Confirm', fields: [] },
            ],
            responseMapping: [{ field: 'name', variable: 'signup_name' }],
          },
        },
        {
          id: 'n_m',
          type: 'message',
          name: 'message_1',
          position: { x: 0, y: 320 },
          config: { text: 'Welcome, {{signup_name}}!' },
        },
      ],
      edges: [
        { id: 'e_1', source: 'n_t', sourcePort: 'out', target: 'n_f' },
        { id: 'e_2', source: 'n_f', sourcePort: 'out', target: 'n_m' },
      ],
      samples: {},
      webhookSecretRef: null,
    }
    await studio.open(page)
    const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: flow.name })
    await apiCall(page, 'flows.save', { document: { ...flow, id: created.id }, expectedRevision: created.revision })
    await page.goto(`${studio.url}/#/flows/${created.id}`)
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    const emulator = page.getByRole('complementary', { name: 'Emulator' })
    await emulator.getByLabel('Keyword message').fill('signup')
    await emulator.getByRole('button', { name: 'Start test', exact: true }).click()
    await botMessages(page).last().getByRole('button', { name: 'Sign up' }).click()

    // INIT named DETAILS; an empty name comes back as the endpoint's error_message on the same screen.
    const details = phone(page).getByRole('dialog', { name: 'Your details' })
    await details.getByRole('button', { name: 'Continue' }).click()
    await expect(details.getByRole('alert')).toHaveText('Please enter your name')
    await details.getByLabel('Name').fill('Ann')
    await details.getByRole('button', { name: 'Continue' }).click()
    const confirm = phone(page).getByRole('dialog', { name: 'Confirm' })
    await expect(confirm).toBeVisible()
    // Back to a refresh-on-back screen asks the endpoint again (BACK), then on to CONFIRM and SUCCESS.
    await confirm.getByRole('button', { name: 'Back' }).click()
    await details.getByRole('button', { name: 'Continue' }).click()
    await confirm.getByRole('button', { name: 'Continue' }).click()
    await expect(botMessages(page).last()).toContainText('Welcome, Ann!')
    // Nothing crossed the wire in the clear: every request was the encrypted envelope.
    expect(endpoint.actions).toEqual([
      'INIT',
      'data_exchange',
      'data_exchange',
      'BACK',
      'data_exchange',
      'data_exchange',
    ])
    for (const raw of endpoint.received)
      expect(Object.keys(JSON.parse(raw)).sort()).toEqual([
        'encrypted_aes_key',
        'encrypted_flow_data',
        'initial_vector',
      ])
  } finally {
    await endpoint.close()
  }
})
