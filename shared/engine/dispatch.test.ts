import { describe, expect, it } from 'vitest'
import { nodeCatalog } from '../nodes/runners'
import { routeInbound } from './dispatch'
import { ASHA, buildFlow, testDeps } from './fixtures'
import { WINDOW_MS } from './limits'
import { resumeRun, startRun } from './machine'

const menu = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['menu'] } },
    { type: 'interactive_message', name: 'pick', config: { body: 'Pick', buttons: [{ id: 'a', title: 'Alpha' }] } },
    { type: 'question', name: 'ask', config: { prompt: 'Say something', saveTo: 'said' } },
  ],
  [
    ['trigger_1', 'out', 'pick'],
    ['pick', 'a', 'ask'],
  ],
  { id: 'f_menu', name: 'Menu' },
)
const help = buildFlow([{ type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } }], [], {
  id: 'f_help',
  name: 'Help',
})
const flows = [menu, help]
const text = (t: string) => ({ type: 'text' as const, text: t })

async function pausedAtButtons() {
  const { deps } = testDeps()
  const r = await startRun(menu, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
  return { state: r.state, flow: menu }
}

describe('routing an inbound message', () => {
  it('resumes a paused run with an answer its waiting node accepts', async () => {
    const paused = await pausedAtButtons()
    const route = routeInbound(text('alpha'), paused, flows, nodeCatalog, paused.state.updatedAt)
    expect(route.action).toBe('resume')
  })

  it('lets a keyword typed where a tap is expected start its flow and supersede the paused run', async () => {
    const paused = await pausedAtButtons()
    const route = routeInbound(text('help'), paused, flows, nodeCatalog, paused.state.updatedAt)
    expect(route).toMatchObject({ action: 'start', match: { flow: { id: 'f_help' } }, supersede: { id: paused.state.id } })
  })

  it('gives other text to the paused run (the buttons are sent again)', async () => {
    const paused = await pausedAtButtons()
    expect(routeInbound(text('what?'), paused, flows, nodeCatalog, paused.state.updatedAt).action).toBe('resume')
  })

  it('gives a Question every typed reply, even a keyword', async () => {
    const { deps } = testDeps()
    const r = await startRun(menu, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const atQuestion = await resumeRun(menu, r.state, text('Alpha'), ASHA, deps)
    expect(atQuestion.state.waiting?.nodeId).toBe('n_ask')
    const route = routeInbound(text('help'), { state: atQuestion.state, flow: menu }, flows, nodeCatalog, atQuestion.state.updatedAt)
    expect(route.action).toBe('resume')
  })

  it('ignores an expired paused run: reports it to close and treats the message as new', async () => {
    const paused = await pausedAtButtons()
    const later = paused.state.updatedAt + WINDOW_MS
    expect(routeInbound(text('menu'), paused, flows, nodeCatalog, later)).toMatchObject({
      action: 'start',
      supersede: null,
      expire: { id: paused.state.id },
    })
    expect(routeInbound(text('alpha'), paused, flows, nodeCatalog, later)).toMatchObject({ action: 'none', expire: { id: paused.state.id } })
  })

  it('does nothing for a message that matches no trigger and no run', () => {
    expect(routeInbound(text('hello?'), null, flows, nodeCatalog, 0)).toEqual({ action: 'none', expire: null })
  })
})
