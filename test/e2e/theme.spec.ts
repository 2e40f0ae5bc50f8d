// Dark or light: the studio follows the system's preference until the person picks one, and keeps that pick.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

test('follows the system theme, and a chosen theme wins and is kept', async ({ page, studio }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await studio.open(page)
  expect(await theme(page)).toBe('dark')
  const dark = await background(page)
  const switcher = page.getByRole('radiogroup', { name: 'Theme' })
  await expect(switcher.getByRole('radio', { name: 'Follow the system' })).toHaveAttribute('aria-checked', 'true')

  await switcher.getByRole('radio', { name: 'Light' }).click()
  expect(await theme(page)).toBe('light')
  expect(await background(page)).not.toBe(dark)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible()
  expect(await theme(page)).toBe('light')

  // Following the system again tracks it as it changes.
  await switcher.getByRole('radio', { name: 'Follow the system' }).click()
  expect(await theme(page)).toBe('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => theme(page)).toBe('light')
})
