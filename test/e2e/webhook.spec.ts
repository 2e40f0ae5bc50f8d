import { execFile } from 'node:child_process'
import net from 'node:net'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { openNewFlow } from './editor-helpers'
import { apiCall, botMessages, phone, type } from './emulator-helpers'
import { expect, test } from './fixtures'

// The webhook section of the editor as a developer uses it: read the URL and the curl command, copy the secret shown
// once, copy the curl and run it for real, watch the run in the emulator and the Flow Logs, regenerate, and move the
// listener.

test.use({ viewport: { width: 1500, height: 860 } })

async function post(
  url: string,
  key: string,
  body: unknown = { phone_number: '+15550001234' },
): Promise<{ status: number; code: string | undefined }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { error?: { code: string } }
  return { status: res.status, code: json.error?.code }
}

/** Runs a command line copied from the studio through the shell, as a developer pastes it into a terminal. */
async function shell(command: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -sS -w '\\n%{http_code}'`])
  const lines = stdout.trimEnd().split('\n')
  return { status: Number(lines.pop()), body: JSON.parse(lines.join('\n')) as Record<string, unknown> }
}

const webhookSection = (page: Page) => page.getByRole('complementary', { name: 'Webhook settings' })

async function openWebhookSection(page: Page) {
  await page.getByRole('button', { name: 'Webhook', exact: true }).click()
  await expect(webhookSection(page).getByLabel('Webhook URL')).toHaveText(/\/trigger$/)
  return webhookSection(page)
}

// Issue 39: the studio keeps only a digest of the secret, so it is shown once, when made or regenerated.
test('shows the secret once, when made, then masked with Regenerate; a regenerated secret stops the old key at once', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'Hooked')
  const flowId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '')
  const section = await openWebhookSection(page)

  const url = (await section.getByLabel('Webhook URL').textContent()) ?? ''
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/chatbot-webhook/${flowId}/trigger$`))
  // The flow's first visit here made its secret: shown whole, with the warning, in the curl command too.
  await expect(section.getByLabel('Webhook secret')).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/)
  await expect(section.getByText('Copy this secret now: it will not be shown again.')).toBeVisible()
  const secret = (await section.getByLabel('Webhook secret').textContent()) ?? ''
  await expect(section.getByLabel('curl command')).toContainText(secret)
  await section.getByRole('button', { name: 'I have copied it' }).click()
  await expect(section.getByLabel('Webhook secret')).toHaveText(/^whsec_•+[\w-]{4}$/)
  await expect(section.getByLabel('Webhook secret')).toHaveText(new RegExp(`${secret.slice(-4)}$`))
  await expect(section.getByLabel('curl command')).toContainText('whsec_••')
  await expect(section.getByRole('button', { name: 'Copy (secret masked)' })).toBeVisible()

  // Opened again later: masked, with Regenerate, never the secret.
  await page.reload()
  const again = await openWebhookSection(page)
  await expect(again.getByLabel('Webhook secret')).toHaveText(/^whsec_•+[\w-]{4}$/)
  await expect(again.getByText('The secret was shown once, when it was made.')).toBeVisible()
  await expect(again.getByLabel('curl command')).not.toContainText(secret)

  expect(await post(url, 'whsec_wrong')).toEqual({ status: 401, code: 'unauthorized' })
  // The right key gets past authentication; a new flow is inactive and has a keyword trigger, so it is refused as such.
  expect(await post(url, secret)).toEqual({ status: 409, code: 'flow_inactive' })

  await again.getByRole('button', { name: 'Regenerate…' }).click()
  await page
    .getByRole('alertdialog', { name: 'Regenerate the webhook secret?' })
    .getByRole('button', { name: 'Regenerate', exact: true })
    .click()
  await expect(again.getByRole('status').filter({ hasText: 'The old one is refused' })).toBeVisible()
  await expect(again.getByLabel('Webhook secret')).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/)
  await expect(again.getByText('Copy this secret now: it will not be shown again.')).toBeVisible()
  const fresh = (await again.getByLabel('Webhook secret').textContent()) ?? ''
  expect(fresh).not.toBe(secret)
  await expect(again.getByLabel('curl command')).toContainText(fresh)
  expect(await post(url, secret)).toEqual({ status: 401, code: 'unauthorized' })
  expect(await post(url, fresh)).toEqual({ status: 409, code: 'flow_inactive' })
})

test('the copied curl command starts a run that shows live in the emulator and the Flow Logs', async ({
  page,
  studio,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.url })
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Parcel' })
  const flowId = created.id
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook', dataFields: ['who'] } },
      {
        type: 'question',
        name: 'ask',
        config: { prompt: 'Hi {{who}}, parcel {{trigger_1.data.parcel}}: when shall we come?', saveTo: 'slot' },
      },
      { type: 'message', name: 'done', config: { text: 'Booked {{slot}} for {{who}}' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'done'],
    ],
    { id: flowId, name: 'Parcel', active: true },
  )
  await apiCall(page, 'flows.save', { document: doc, expectedRevision: created.revision })
  await page.goto(`${studio.url}/#/flows/${flowId}`)
  await page.getByRole('button', { name: /Test/ }).first().click()
  await expect(phone(page)).toContainText('to Test Customer')
  const section = await openWebhookSection(page)

  // The ready command names the data the flow reads; the developer fills in the values and runs it.
  await section.getByRole('button', { name: 'Copy with secret' }).click()
  await expect(section.getByRole('status').filter({ hasText: 'Copied the curl command.' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`/chatbot-webhook/${flowId}/trigger`)
  expect(copied).toMatch(/x-api-key: whsec_[A-Za-z0-9_-]{43}'/)
  expect(copied).toContain('"data":{"who":"value","parcel":"value"}')
  const command = copied.replace('"who":"value"', '"who":"Rita"').replace('"parcel":"value"', '"parcel":"P-42"')
  const first = await shell(command)
  expect(first).toMatchObject({ status: 200, body: { state: 'paused', flow_id: flowId } })

  // The open emulator switches to the webhook's contact and run; the tester answers in the phone.
  await expect(phone(page)).toContainText('+919800000001')
  await expect(botMessages(page).last()).toHaveText(/Hi Rita, parcel P-42: when shall we come\?/)
  const emulator = page.getByRole('complementary', { name: 'Emulator' })
  await expect(
    emulator.getByRole('status').filter({ hasText: 'A webhook request started this run for +919800000001' }),
  ).toBeVisible()
  await expect(emulator.getByTestId('run-status')).toHaveText('paused')
  await type(page, 'Friday 10:00')
  await expect(botMessages(page).last()).toHaveText(/Booked Friday 10:00 for Rita/)
  await expect(emulator.getByTestId('run-status')).toHaveText(/^ended/)

  // The Flow Logs list that run, and a new request appears there without reloading.
  await page.getByRole('link', { name: 'Logs', exact: true }).click()
  const grid = page.getByRole('grid', { name: 'Executions' })
  const rows = grid.locator('[data-run-id]')
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toContainText('webhook')
  await expect(rows.nth(0).locator('.logs-state')).toHaveText('ended')
  const second = await shell(command.replace('+919800000001', '+14155550100'))
  expect(second.status).toBe(200)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('+14155550100')
  await expect(rows.nth(0).locator('.logs-state')).toHaveText('paused')
  await expect(rows.nth(0)).toHaveAttribute('data-run-id', String(second.body.run_id))
})

test('deactivating the flow is refused with 409 from the next request, and activating it accepts again', async ({
  page,
  studio,
}) => {
  await studio.open(page)
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: 'Toggle me' })
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
      { type: 'message', name: 'hello', config: { text: 'Hello' } },
    ],
    [['trigger_1', 'out', 'hello']],
    { id: created.id, name: 'Toggle me', active: true },
  )
  await apiCall(page, 'flows.save', { document: doc, expectedRevision: created.revision })
  const { secret } = await apiCall<{ secret: string }>(page, 'webhook.rotate', { flowId: created.id })
  const { url } = await apiCall<{ url: string }>(page, 'webhook.info', { flowId: created.id })
  expect((await post(url, secret)).status).toBe(200)

  await page.reload()
  const active = page.getByRole('switch', { name: 'Active: Toggle me' })
  await active.uncheck()
  await expect(active).not.toBeChecked()
  await expect.poll(() => post(url, secret)).toEqual({ status: 409, code: 'flow_inactive' })
  await active.check()
  await expect.poll(async () => (await post(url, secret)).status).toBe(200)
})

test('a port in use is named with a free one offered; binding beyond loopback warns', async ({ page, studio }) => {
  const blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const taken = (blocker.address() as net.AddressInfo).port
  try {
    await openNewFlow(page, studio, 'Ports')
    const section = await openWebhookSection(page)
    await section.getByText('Listener settings').click()
    const port = section.getByLabel('Port')

    await port.fill(String(taken))
    await section.getByRole('button', { name: 'Save and restart' }).click()
    const status = section.getByLabel('Listener status')
    await expect(status).toContainText(`Port ${taken} on 127.0.0.1 is already in use`)
    await expect(port).not.toHaveValue(String(taken))
    const offered = Number(await port.inputValue())
    expect(offered).toBeGreaterThan(0)

    await section.getByRole('button', { name: 'Save and restart' }).click()
    await expect(status).toHaveText(`Listening on http://127.0.0.1:${offered} · 20 requests/s per flow (bursts of 40)`)
    const url = `http://127.0.0.1:${offered}/chatbot-webhook/x/trigger`
    await expect(section.getByLabel('Webhook URL')).toHaveText(
      new RegExp(`^http://127\\.0\\.0\\.1:${offered}/chatbot-webhook/`),
    )
    expect(await post(url, 'whsec_nope')).toEqual({ status: 401, code: 'unauthorized' })

    // Beyond loopback: it listens, with a warning; back on loopback the warning goes.
    await section.getByLabel('Bind address').fill('0.0.0.0')
    await port.fill('0')
    await section.getByRole('button', { name: 'Save and restart' }).click()
    await expect(section.getByRole('alert')).toContainText('bound to 0.0.0.0, beyond this computer')
    await expect(status).toHaveText(/^Listening on http:\/\/0\.0\.0\.0:\d+/)
    await section.getByLabel('Bind address').fill('127.0.0.1')
    await section.getByRole('button', { name: 'Save and restart' }).click()
    await expect(status).toHaveText(/^Listening on http:\/\/127\.0\.0\.1:\d+/)
    await expect(section.getByRole('alert')).toHaveCount(0)
  } finally {
    blocker.close()
  }
})
