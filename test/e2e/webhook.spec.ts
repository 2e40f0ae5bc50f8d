import { openNewFlow } from './editor-helpers'
import { expect, test } from './fixtures'

// The webhook section of the editor as a developer uses it: read the URL and the curl command, reveal the secret,
// call the endpoint with a wrong and a right key, rotate, and see the old key refused.

async function post(url: string, key: string): Promise<{ status: number; code: string | undefined }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ phone_number: '+15550001234' }),
  })
  const body = (await res.json()) as { error?: { code: string } }
  return { status: res.status, code: body.error?.code }
}

test('shows the endpoint and secret, and a rotated secret stops the old key at once', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'Hooked')
  const flowId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '')
  await page.getByRole('button', { name: 'Webhook', exact: true }).click()
  const section = page.getByRole('complementary', { name: 'Webhook settings' })

  const url = (await section.getByLabel('Webhook URL').textContent()) ?? ''
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/chatbot-webhook/${flowId}/trigger$`))
  const masked = (await section.getByLabel('Webhook secret').textContent()) ?? ''
  expect(masked).not.toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/)

  await section.getByRole('button', { name: 'Reveal' }).click()
  await expect(section.getByLabel('Webhook secret')).toHaveText(/^whsec_/)
  const secret = (await section.getByLabel('Webhook secret').textContent()) ?? ''
  await expect(section.getByLabel('curl command')).toContainText(secret)

  expect(await post(url, 'whsec_wrong')).toEqual({ status: 401, code: 'unauthorized' })
  // The right key gets past authentication; a new flow is inactive and has a keyword trigger, so it is refused as such.
  expect((await post(url, secret)).status).toBe(409)

  await section.getByRole('button', { name: 'Rotate…' }).click()
  await page.getByRole('alertdialog', { name: 'Rotate the webhook secret?' }).getByRole('button', { name: 'Rotate', exact: true }).click()
  await expect(section.getByLabel('Webhook secret')).not.toHaveText(secret)
  expect((await post(url, secret)).status).toBe(401)
})
