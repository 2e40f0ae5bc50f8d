import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

const EXAMPLES = path.resolve(import.meta.dirname, '../../resources/examples')

/** Calls the studio's contract from the page, over the same WebSocket the UI uses. */
export async function apiCall<T = unknown>(page: Page, command: string, payload: unknown): Promise<T> {
  const result = await page.evaluate(
    ({ command, payload }) =>
      new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/api`)
        ws.onerror = () => reject(new Error('socket failed'))
        ws.onopen = () => ws.send(JSON.stringify({ type: 'call', id: 1, command, payload }))
        ws.onmessage = (m) => {
          const msg = JSON.parse(String(m.data))
          if (msg.type === 'result') {
            ws.close()
            resolve(msg.result)
          }
        }
      }),
    { command, payload },
  )
  if (!result.ok) throw new Error(`${command}: ${result.error?.message}`)
  return result.value as T
}

/** Stores an example flow as a new flow of the studio and opens it in the editor; returns its id. */
export async function openExample(page: Page, file: string): Promise<string> {
  const doc = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'))
  const created = await apiCall<{ id: string; revision: number }>(page, 'flows.create', { name: doc.name })
  await apiCall(page, 'flows.save', { document: { ...doc, id: created.id }, expectedRevision: created.revision })
  await page.goto(`${new URL(page.url()).origin}/#/flows/${created.id}`)
  await expect(page.getByRole('button', { name: /Test/ }).first()).toBeVisible()
  return created.id
}

export const phone = (page: Page) => page.getByLabel('Phone emulator')
export const botMessages = (page: Page) => phone(page).getByTestId('bot-message')

export async function type(page: Page, text: string): Promise<void> {
  const box = phone(page).getByLabel('Message')
  await box.fill(text)
  // The phone holds Send back while the bot is still answering the previous message (a busy machine makes that
  // long): wait for it as a person would, so the text is sent rather than replaced by the next one.
  await expect(phone(page).getByRole('button', { name: 'Send' })).toBeEnabled()
  await box.press('Enter')
  await expect(box).toHaveValue('')
}

/** The library template the feedback-form example sends (a new user adds it on the Templates screen). */
export async function addFeedbackTemplate(page: Page): Promise<void> {
  await apiCall(page, 'integrations.saveTemplate', {
    template: {
      name: 'delivery_feedback',
      language: 'en',
      category: 'UTILITY',
      header: { type: 'none' },
      body: 'Hi {{1}}, how was order {{2}}?',
      buttons: [],
    },
  })
}

const TEAS: Array<[string, string, number]> = [
  ['TEA-SENCHA-100', 'Sencha Kagoshima 100 g', 12.5],
  ['TEA-GYOKURO-50', 'Gyokuro 50 g', 18],
  ['TEA-MATCHA-30', 'Ceremonial matcha 30 g', 21],
  ['TEA-ASSAM-100', 'Assam 100 g', 8.9],
  ['TEA-DARJEELING-100', 'Darjeeling 100 g', 11.4],
  ['TEA-ROOIBOS-100', 'Rooibos 100 g', 7.5],
]

/** The products the catalogue example shows (a new user adds them on the Catalogue screen). */
export async function stockTeaCatalogue(page: Page): Promise<void> {
  for (const [id, name, price] of TEAS) {
    await apiCall(page, 'catalog.save', {
      product: { catalogId: '1184729301', id, name, description: '', price, currency: 'EUR', image: '' },
    })
  }
}

export const emulatorPanel = (page: Page) => page.getByRole('complementary', { name: 'Emulator' })

/** Saves the phone's conversation as a test on the Tests tab and runs it; it must pass. */
export async function saveAndPass(page: Page, name: string): Promise<void> {
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: 'Tests' }).click()
  await emulator.getByLabel('Test name').fill(name)
  await emulator.getByRole('button', { name: 'Save as test' }).click()
  const saved = emulator.getByTestId('conversation-test').filter({ hasText: name })
  await expect(saved).toHaveCount(1)
  await saved.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(saved).toHaveAttribute('data-status', 'passed')
}

/** Opens the Coverage tab and expects the figure. */
export async function expectCoverage(page: Page, percent: string): Promise<void> {
  const emulator = emulatorPanel(page)
  await emulator.getByRole('tab', { name: /Coverage/ }).click()
  await expect(emulator.getByTestId('coverage-percent')).toHaveText(percent)
  if (percent !== '100%') return
  await expect(emulator.getByText('Every branch has been taken.')).toBeVisible()
  await expectAllCoveredOnCanvas(page)
}

/** The canvas draws coverage on its edges (labelled for screen readers too): at 100% every edge is covered. */
export async function expectAllCoveredOnCanvas(page: Page): Promise<void> {
  await expect(page.getByLabel(/^Connection .*, (covered|on the test path)$/).first()).toBeAttached()
  await expect(page.getByLabel(/^Connection .*, not covered$/)).toHaveCount(0)
}

/** Opens the list message's sheet and sends the row. */
export async function pickRow(page: Page, button: string, row: string): Promise<void> {
  await botMessages(page).last().getByRole('button', { name: button }).click()
  const sheet = phone(page).getByRole('dialog', { name: button })
  await sheet.getByRole('radio', { name: row, exact: true }).check()
  await sheet.getByRole('button', { name: 'Send' }).click()
}

/** The day `days` after today in the appointment example's time zone (Europe/London), as the flow saves it. */
export function londonDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
