import { test, expect } from './fixtures'
import { apiCall, botMessages, phone } from './emulator-helpers'
import { card, panel, saved } from './editor-helpers'

// A real 1×1 PNG, and a program that claims to be one.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const FAKE = 'MZ\u0090\u0000 not a picture'

const FLOW = {
  format: 'chatflow.flow/1',
  name: 'Logo',
  active: true,
  nodes: [
    {
      id: 'n_t',
      type: 'trigger',
      name: 'trigger_1',
      position: { x: 0, y: 0 },
      config: { kind: 'keyword', keywords: ['logo'], matchMode: 'exact' },
    },
    {
      id: 'n_m',
      type: 'media_message',
      name: 'media_message_1',
      position: { x: 0, y: 160 },
      config: { kind: 'image', caption: 'Our logo' },
    },
  ],
  edges: [{ id: 'e_1', source: 'n_t', sourcePort: 'out', target: 'n_m' }],
  samples: {},
  webhookSecretRef: null,
}

test('Media Message from a local file: a dropped program is refused by its bytes, a picked PNG is stored and shown in the phone', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: FLOW.name })
  await apiCall(page, 'flows.save', { document: { ...FLOW, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${studio.url}/#/flows/${created.id}`)
  await card(page, 'media_message_1').click()
  const picker = panel(page).getByRole('group', { name: 'Media file' })
  await expect(picker).toContainText('image/jpeg, image/png, at most 5.0 MB')

  // Dropped onto the field: a program named photo.png is refused for what its bytes are.
  const drop = await page.evaluateHandle((text) => {
    const dt = new DataTransfer()
    dt.items.add(new File([text], 'photo.png', { type: 'image/png' }))
    return dt
  }, FAKE)
  await picker.dispatchEvent('drop', { dataTransfer: drop })
  await expect(picker.getByRole('alert')).toContainText(
    'photo.png is application/x-msdownload; a image message takes image/jpeg, image/png.',
  )

  // Picked with the file input: stored, and the URL field gives way to the file.
  await picker.getByLabel('Local file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await expect(picker).toContainText('Sends logo.png (image/png, 70 bytes) from the studio.')
  await expect(panel(page).getByLabel('Media URL', { exact: true })).toHaveCount(0)
  await expect(card(page, 'media_message_1')).toContainText('Image (logo.png)')
  // Remove file brings the URL back; like any edit it is undone.
  await picker.getByRole('button', { name: 'Remove file' }).click()
  await expect(panel(page).getByLabel('Media URL', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(picker).toContainText('Sends logo.png')
  await saved(page)

  // The emulator's phone shows the picture itself, served from the data folder by the host.
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await emulator.getByLabel('Keyword message').fill('logo')
  await emulator.getByRole('button', { name: 'Start test', exact: true }).click()
  const image = botMessages(page).last().getByRole('img', { name: 'Our logo' })
  await expect(image).toBeVisible()
  await expect(botMessages(page).last()).toContainText('Our logo')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  expect(await phone(page).getByTestId('media-image').count()).toBe(1)
})
