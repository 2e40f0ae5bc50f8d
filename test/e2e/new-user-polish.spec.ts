import { test, expect } from './fixtures'
import { openNewFlow } from './editor-helpers'

// What a new user meets first on today's screens: every editor control reachable at the default window size, and a
// Settings screen that says what its disabled buttons wait for and which nodes use it.

test('the editor toolbar keeps every control inside the window, the theme switch included', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'A flow with quite a long name for the toolbar to hold')
  const toolbar = page.getByRole('toolbar', { name: 'Editor' })
  for (const name of ['Dark', 'Light', 'Follow the system', 'Keyboard shortcuts', 'Revisions'])
    await expect(toolbar.getByRole('radio', { name }).or(toolbar.getByRole('button', { name }))).toBeInViewport({
      ratio: 1,
    })
  await toolbar.getByRole('radio', { name: 'Dark' }).click()
  await expect(toolbar.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('h1.editor-title')).toHaveAttribute('title', /quite a long name/)
})
