import { test, expect } from './fixtures'
import { card, openNewFlow, panel } from './editor-helpers'

// What a new user meets first on today's screens: every editor control reachable at the default window size, and a
// Settings screen that says what its disabled buttons wait for and which nodes use it.

test('settings: the model provider says which nodes ask it and what Save and Test connection wait for', async ({
  page,
  studio,
}) => {
  await studio.open(page, '#/settings')
  const section = page.getByRole('region', { name: 'Model provider' })
  await expect(section).toContainText('Intent and Extract nodes')
  const save = section.getByRole('button', { name: 'Save' })
  const test = section.getByRole('button', { name: 'Test connection' })
  await expect(save).toBeDisabled()
  await expect(save).toHaveAccessibleDescription('Fill in Base URL and Model to save or test the connection.')
  await section.getByLabel('Base URL').fill('http://127.0.0.1:9/v1')
  await expect(test).toHaveAccessibleDescription('Fill in Model to save or test the connection.')
  await section.getByLabel('Model').fill('tiny')
  await expect(save).toBeEnabled()
  await expect(section.getByText(/^Fill in/)).toHaveCount(0)
})

test('settings: a disabled button looks disabled and the API key field looks like the fields above it', async ({
  page,
  studio,
}) => {
  await studio.open(page, '#/settings')
  const section = page.getByRole('region', { name: 'Model provider' })
  const save = section.getByRole('button', { name: 'Save' })
  await expect(save).toBeDisabled()
  await expect(save).toHaveCSS('opacity', '0.5')
  await section.getByLabel('Base URL').fill('http://127.0.0.1:9/v1')
  await section.getByLabel('Model').fill('tiny')
  await expect(save).toHaveCSS('opacity', '1')
  const looks = (label: string) =>
    section.getByLabel(label).evaluate((el) => {
      const s = getComputedStyle(el)
      return [s.paddingLeft, s.borderRadius, s.borderTopStyle, s.borderTopWidth].join(' ')
    })
  expect(await looks('API key')).toBe(await looks('Base URL'))
})

test('a toolbar panel gives way to a card clicked on the canvas, and Escape closes it', async ({ page, studio }) => {
  await openNewFlow(page, studio, 'Side panels')
  const breakpoints = page.getByRole('complementary', { name: 'Breakpoints' })
  await page.getByRole('button', { name: /^Breakpoints/ }).click()
  await expect(breakpoints.getByText('No breakpoints yet.')).toBeVisible()
  // A click on a card opens its settings, as it does with no toolbar panel open (it used to do nothing visible).
  await card(page, 'trigger_1').click()
  await expect(page.getByRole('complementary', { name: 'Trigger settings' })).toBeVisible()
  await expect(breakpoints).toHaveCount(0)
  // The toolbar panel comes back in front of the card's settings, and Escape closes it.
  await page.getByRole('button', { name: 'Revisions' }).click()
  await expect(page.getByRole('complementary', { name: 'Revisions' })).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('complementary', { name: 'Revisions' })).toHaveCount(0)
  // The same card clicked again opens its settings again.
  await card(page, 'trigger_1').click()
  await expect(page.getByRole('complementary', { name: 'Trigger settings' })).toBeVisible()
})

test('intent panel from the palette: "Try a sentence" is said once, names its field, and scores what is typed', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'Try it')
  await page.getByRole('button', { name: 'Add Intent', exact: true }).click()
  const box = panel(page).getByRole('region', { name: 'Try a sentence' })
  await expect(box.getByText('Try a sentence', { exact: true })).toHaveCount(1)
  await box.getByRole('textbox', { name: 'Try a sentence' }).fill('yes please')
  await expect(box.getByRole('status', { name: 'Intent chosen' })).toContainText('→ yes')
})

test('an Extract or Intent node set to model says whether a provider is set up, with a link to Settings', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'Model nodes')
  await page.getByRole('button', { name: 'Add Extract', exact: true }).click()
  await panel(page).getByRole('combobox', { name: 'Provider' }).selectOption('model')
  const note = panel(page).getByRole('note', { name: 'Model provider' })
  await expect(note).toContainText('No model provider is set up yet')
  await note.getByRole('link', { name: 'Set up a model provider' }).click()
  const section = page.getByRole('region', { name: 'Model provider' })
  await section.getByLabel('Base URL').fill('http://127.0.0.1:9/v1')
  await section.getByLabel('Model').fill('tiny')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await page.goBack()
  await card(page, 'extract_1').click()
  await expect(panel(page).getByRole('note', { name: 'Model provider' })).toContainText(
    'The studio asks tiny at 127.0.0.1:9',
  )
  // The offline choice needs nothing, and says nothing.
  await panel(page).getByRole('combobox', { name: 'Provider' }).selectOption('offline')
  await expect(panel(page).getByRole('note', { name: 'Model provider' })).toHaveCount(0)
  // The Intent node's panel says the same above its Try a sentence.
  await page.getByRole('button', { name: 'Add Intent', exact: true }).click()
  await panel(page).getByRole('combobox', { name: 'Classified by' }).selectOption('model')
  await expect(panel(page).getByRole('note', { name: 'Model provider' })).toContainText('The studio asks tiny')
  await expect(panel(page).getByRole('region', { name: 'Try a sentence' })).toBeVisible()
})

test('the editor toolbar keeps every control whole and inside the window at 1200 and 1024 pixels wide', async ({
  page,
  studio,
}) => {
  await openNewFlow(page, studio, 'A flow with a rather long name for a narrow laptop window')
  const toolbar = page.getByRole('toolbar', { name: 'Editor' })
  for (const width of [1200, 1024]) {
    await page.setViewportSize({ width, height: 800 })
    // Each control and the save status in full: inside the window, on one line (no text cut or wrapped inside it).
    const boxes = await toolbar
      .locator(':scope > button, :scope > a, :scope > .language-switch, :scope > .save-status, :scope > .theme-switch')
      .evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect()
          const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20
          return {
            name: el.getAttribute('aria-label') ?? el.textContent,
            right: r.right,
            clipped: el.scrollWidth > el.clientWidth + 1,
            lines: Math.round((r.height - 10) / lineHeight),
          }
        }),
      )
    expect(boxes.length).toBeGreaterThan(8)
    for (const b of boxes) {
      expect(b.right, `${b.name} at ${width} px`).toBeLessThanOrEqual(width)
      expect(b.clipped, `${b.name} at ${width} px`).toBe(false)
      expect(b.lines, `${b.name} at ${width} px`).toBeLessThanOrEqual(1)
    }
    await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeInViewport({ ratio: 1 })
  }
  // Wide enough, it is one row: the title gives way before any control moves down.
  await page.setViewportSize({ width: 1200, height: 800 })
  const middles = await toolbar.locator(':scope > button, :scope > .theme-switch').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect()
      return r.top + r.height / 2
    }),
  )
  // Controls of one row share a middle line (align-items: center); a second row would sit a whole control lower.
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4)
})
