import { test, expect } from './fixtures'
import { buildFromCanvas, essentials, readExample, storedDocument } from './build-helpers'

// The "Done when": each example flow can be built from an empty canvas with the mouse and keyboard only.
// Each test builds one example through the palette, the panels and port drags, then reads the stored document back.

test.use({ viewport: { width: 1600, height: 1000 } })
// Building a whole flow by hand is long on a loaded two-core machine: every field is typed and every port dragged
// (measured 40 s to 3 min per example at a load average of 20 to 30; the feedback form, with 60 fields, is longest).
test.describe.configure({ timeout: 240_000 })

const EXAMPLES = ['age-gate', 'appointment', 'catalogue', 'feedback-form', 'lead-capture', 'order-status']

for (const name of EXAMPLES) {
  test(`build the ${name} example from an empty canvas`, async ({ page, studio }) => {
    const example = readExample(`${name}.flow.json`)
    const id = await buildFromCanvas(page, studio, example)
    const stored = await storedDocument(page, id)
    expect(stored.name).toBe(example.name)
    expect(essentials(stored, example.settings !== undefined)).toEqual(
      essentials(example, example.settings !== undefined),
    )
  })
}
