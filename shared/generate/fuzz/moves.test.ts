// What the fuzzer sends, over one seed: the kinds of input issue 21 names (empty, very long and emoji text, stale
// taps, random form data, HTTP Calls failing at random) all occur, so a flow meets each of them.
import { describe, expect, it } from 'vitest'
import type { Move } from '../draft'
import { buildFlow } from '../../analysis/testing/build'
import type { Draft } from '../draft'
import { exampleDeps } from '../testing/deps'
import { fuzzFlow } from './fuzz'

/** A menu, then a question, then a form, then an HTTP Call: a place for every kind of move. */
function shop() {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['shop'] }],
      [
        'interactive_message',
        'menu',
        {
          body: 'Pick',
          buttons: [
            { id: 'tea', title: 'Tea' },
            { id: 'cake', title: 'Cake' },
          ],
        },
      ],
      ['question', 'ask_qty', { prompt: 'How many?', saveTo: 'qty', answerType: 'number', maxAttempts: 5 }],
      [
        'chat_flow',
        'address',
        {
          flowId: '1',
          body: 'Where to?',
          cta: 'Fill in',
          screens: [
            {
              id: 'ADDR',
              title: 'Address',
              fields: [
                { name: 'street', label: 'Street', type: 'text', required: true },
                { name: 'floor', label: 'Floor', type: 'number' },
              ],
            },
          ],
        },
      ],
      [
        'http_call',
        'place',
        { method: 'POST', url: 'https://shop.example/orders', bodyType: 'json', body: '{"qty": "{{qty}}"}' },
      ],
      ['message', 'done', { text: 'Order {{place.result.id}}' }],
      ['message', 'failed', { text: 'Could not place it' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'menu'],
      ['menu', 'tea', 'ask_qty'],
      ['menu', 'cake', 'ask_qty'],
      ['ask_qty', 'out', 'address'],
      ['ask_qty', 'failure', 'end_1'],
      ['address', 'out', 'place'],
      ['place', 'success', 'done'],
      ['place', 'failure', 'failed'],
      ['done', 'out', 'end_1'],
      ['failed', 'out', 'end_1'],
    ],
    { samples: { place: { status: 200, ok: true, headers: {}, duration_ms: 5, result: { id: 'O-1' } } } },
  )
}

describe('fuzz moves', () => {
  it('send empty, very long and emoji text, stale taps, forms of every shape, and HTTP Calls that fail', async () => {
    const seen: Draft[] = []
    await fuzzFlow(shop(), exampleDeps(), { runs: 150, seed: 21, onConversation: (d) => seen.push(d) })
    const inputs = seen.flatMap((d) => d.inputs.map((input, i) => ({ input, before: d.inputs.slice(0, i) })))
    const texts = inputs.map((x) => x.input).filter((x): x is string => typeof x === 'string')
    expect(texts.some((t) => t.trim() === '')).toBe(true)
    expect(texts.some((t) => t.length >= 1000)).toBe(true)
    expect(texts.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true)
    // A stale tap: a button of the menu right after the menu was answered (the run waits at the question or the form).
    const tapped = (i: Move | undefined) => typeof i === 'object' && 'button' in i
    expect(inputs.some((x) => tapped(x.input) && tapped(x.before.at(-1)))).toBe(true)
    const forms = inputs.flatMap((x) => (typeof x.input === 'object' && 'form' in x.input ? [x.input.form] : []))
    expect(forms.some((f) => typeof f.street === 'string' && typeof f.floor === 'number')).toBe(true)
    expect(forms.some((f) => !('street' in f))).toBe(true)
    expect(forms.some((f) => 'floor' in f && typeof f.floor !== 'number')).toBe(true)
    // At the number question: zero, negative numbers, nothing and far too much.
    const typedAtQty = seen.flatMap((d) =>
      d.inputs.length >= 2 && typeof d.inputs[1] === 'string' ? [d.inputs[1]] : [],
    )
    for (const edge of ['0', '-1', '']) expect(typedAtQty).toContain(edge)
    expect(typedAtQty.some((t) => t.length >= 4000)).toBe(true)
    expect(forms.some((f) => f.floor === 0)).toBe(true)
    const placed = seen.map((d) => d.mocks.place).filter(Boolean)
    expect(placed.some((m) => m!.error !== undefined)).toBe(true)
    expect(placed.some((m) => (m!.response?.status ?? 200) >= 500)).toBe(true)
    expect(placed.some((m) => m!.response?.status === 200)).toBe(true)
  })
})
