import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

// The flow the Traffic overlay specs play, and how they read the canvas: a keyword asks for a size; "M" is confirmed,
// anything else is refused. Laid out left to right so every card and connection is in view.

export function sizesFlow(name: string, confirm = 'Confirmed: size {{size}}.') {
  const node = (id: string, type: string, nodeName: string, x: number, y: number, config: object) => ({
    id,
    type,
    name: nodeName,
    position: { x, y },
    config,
  })
  return {
    format: 'chatflow.flow/1',
    name,
    active: true,
    nodes: [
      node('n_trigger', 'trigger', 'trigger_1', 0, 80, { kind: 'keyword', keywords: ['sizes'], matchMode: 'exact' }),
      node('n_ask', 'question', 'ask', 320, 80, { prompt: 'Which size?', saveTo: 'size' }),
      node('n_check', 'condition', 'check', 640, 80, {
        rules: [{ left: '{{size}}', operator: 'equals', right: 'M' }],
      }),
      node('n_confirm', 'message', 'confirm', 960, 0, { text: confirm }),
      node('n_sorry', 'message', 'sorry', 960, 240, { text: 'Sorry, only M today.' }),
      node('n_end', 'end', 'end_1', 1280, 120, {}),
    ],
    edges: [
      { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_ask' },
      { id: 'e_2', source: 'n_ask', sourcePort: 'out', target: 'n_check' },
      { id: 'e_3', source: 'n_check', sourcePort: 'true', target: 'n_confirm' },
      { id: 'e_4', source: 'n_check', sourcePort: 'false', target: 'n_sorry' },
      { id: 'e_5', source: 'n_confirm', sourcePort: 'out', target: 'n_end' },
      { id: 'e_6', source: 'n_sorry', sourcePort: 'out', target: 'n_end' },
      { id: 'e_7', source: 'n_ask', sourcePort: 'failure', target: 'n_sorry' },
    ],
  }
}

/** A card on the canvas by its node's name (its role group is named "<type label> <name>"). */
export const card = (page: Page, name: string): Locator => page.locator(`.flow-card[data-node-name="${name}"]`)

/** What the card's traffic says to a screen reader (and in its tooltip). */
export async function expectCardTraffic(page: Page, name: string, text: string | RegExp): Promise<void> {
  await expect(card(page, name)).toHaveAttribute('aria-description', text)
}
