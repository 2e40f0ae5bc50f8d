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
  await phone(page).getByLabel('Message').fill(text)
  await phone(page).getByLabel('Message').press('Enter')
}
