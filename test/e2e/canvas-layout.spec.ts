// How the examples look when a new user opens them: laid out left to right, no card over another, and every card
// drawn at the size and with the handles its computed geometry says (renderer/canvas/card-layout.ts), which is
// what React Flow draws the edges from: so edges leave and enter exactly where the ports are drawn.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { FlowDocument } from '../../shared/flow/document'
import { cardLayout } from '../../renderer/canvas/card-layout'
import { expect, test } from './fixtures'

const EXAMPLES = path.resolve(import.meta.dirname, '../../resources/examples')
const examples = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.flow.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')) as FlowDocument)

interface Seen {
  name: string
  x: number
  y: number
  width: number
  height: number
  handles: { id: string | null; type: string; cx: number; cy: number }[]
}

/** Every card in flow coordinates (screen boxes divided by the zoom), with its handles' centres relative to it. */
const cardsOnCanvas = (page: Page) =>
  page.evaluate(() => {
    const zoom = Number(
      /scale\(([\d.]+)\)/.exec(document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform)![1],
    )
    return [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((el) => {
      const box = el.getBoundingClientRect()
      const card = el.querySelector<HTMLElement>('.flow-card')!
      return {
        name: card.dataset.nodeName!,
        x: box.x / zoom,
        y: box.y / zoom,
        width: box.width / zoom,
        height: box.height / zoom,
        handles: [...el.querySelectorAll<HTMLElement>('.react-flow__handle')].map((h) => {
          const r = h.getBoundingClientRect()
          return {
            id: h.dataset.handleid ?? null,
            type: h.classList.contains('source') ? 'source' : 'target',
            cx: (r.x + r.width / 2 - box.x) / zoom,
            cy: (r.y + r.height / 2 - box.y) / zoom,
          }
        }),
      }
    })
  }) as Promise<Seen[]>

const overlap = (a: Seen, b: Seen) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('every example opens left to right, no card over another, handles where the edges are drawn from', async ({
  page,
  studio,
}) => {
  expect(examples.length).toBeGreaterThanOrEqual(7)
  await studio.open(page)
  for (const doc of examples) {
    await page
      .getByRole('button', { name: /Start from an example|Examples…/ })
      .first()
      .click()
    await page
      .getByRole('dialog', { name: 'Start from an example' })
      .getByRole('button', { name: `Open ${doc.name}`, exact: true })
      .click()
    await expect(page.locator('.flow-card')).toHaveCount(doc.nodes.length)
    const seen = await cardsOnCanvas(page)

    for (const [i, a] of seen.entries())
      for (const b of seen.slice(i + 1)) expect(overlap(a, b), `${doc.name}: ${a.name} over ${b.name}`).toBe(false)
    const trigger = seen.find((c) => doc.nodes.find((n) => n.name === c.name)!.type === 'trigger')!
    expect(Math.min(...seen.map((c) => c.x)), `${doc.name}: the trigger comes first`).toBeCloseTo(trigger.x, 0)

    for (const c of seen) {
      const layout = cardLayout(doc.nodes.find((n) => n.name === c.name)!)
      expect([c.width, c.height], `${doc.name}: size of ${c.name}`).toEqual([
        expect.closeTo(layout.width, 0),
        expect.closeTo(layout.height, 0),
      ])
      const drawn = c.handles.map((h) => [h.type, h.id, Math.round(h.cx), Math.round(h.cy)])
      const computed = layout.handles.map((h) => [
        h.type,
        h.id,
        Math.round(h.x + h.width! / 2),
        Math.round(h.y + h.height! / 2),
      ])
      expect(drawn, `${doc.name}: handles of ${c.name}`).toEqual(computed)
    }
    await page.getByRole('button', { name: 'Back to flows' }).click()
  }
})
