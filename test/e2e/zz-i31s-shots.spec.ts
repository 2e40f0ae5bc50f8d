import { botMessages, openExample } from './emulator-helpers'
import { expect, test } from './fixtures'

for (const scheme of ['light', 'dark'] as const) {
  test(`shots ${scheme}`, async ({ page, studio }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await studio.open(page)
    const flowId = await openExample(page, 'age-gate.flow.json')
    await page.getByRole('button', { name: 'Test', exact: true }).click()
    const emulator = page.getByRole('complementary', { name: 'Emulator' })
    await emulator.getByRole('button', { name: 'Start test' }).click()
    await expect(botMessages(page).last()).toContainText('How old are you?')
    await emulator.getByRole('button', { name: 'Skip ahead' }).click()
    await emulator.getByRole('group', { name: 'Skip ahead' }).getByRole('button', { name: /^Skip 2 h/ }).click()
    await expect(emulator.getByRole('status')).toContainText('Skipped 2 h')
    await emulator.getByRole('button', { name: 'Skip ahead' }).click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `/tmp/i31s-shots/emulator-skip-${scheme}.png` })
    await page.keyboard.press('Escape')
    await page.goto(`${studio.url}/#/flows/${flowId}/logs`)
    await page.locator('.logs-row').first().click()
    await expect(page.getByTestId('trace-waiting')).toBeVisible()
    await page.screenshot({ path: `/tmp/i31s-shots/logs-waiting-${scheme}.png` })
    await page.getByRole('button', { name: 'Cancel run…' }).click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `/tmp/i31s-shots/logs-cancel-${scheme}.png` })
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel run' }).click()
    await expect(page.getByTestId('trace-status')).toHaveText('ended')
  })
}
