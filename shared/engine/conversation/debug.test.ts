// A conversation test played under the debugger (PlayOptions.debug): it stops at the first breakpoint the run is held
// at, or at the first failed expectation, and leaves the run there; without it, the play is unchanged.
import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { debugHooks } from '../debug/breakpoints'
import type { Breakpoint } from '../debug/types'
import { parseConversationTest } from './format'
import { runConversationTest } from './run'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
    { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
    { type: 'message', name: 'greet', config: { text: 'Hi {{name}}' } },
    { type: 'question', name: 'again', config: { prompt: 'More?', saveTo: 'more' } },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'greet'],
    ['greet', 'out', 'again'],
  ],
)

const yaml = (greeting: string) => `name: greets
trigger: { message: hi }
turns:
  - bot: [{ text: "Name?" }]
  - user: Asha
    bot: [{ text: "${greeting}" }, { text: "More?" }]
  - user: "no"
    bot: []
`

function play(text: string, breakpoints: Breakpoint[]) {
  const parsed = parseConversationTest(text)
  if (!parsed.ok) throw new Error(parsed.message)
  const { deps } = testDeps()
  deps.debug = debugHooks({ breakpoints: () => breakpoints })
  return runConversationTest(flow, parsed.test, deps, { debug: true })
}

const at = (name: string): Breakpoint => ({ id: name, at: { kind: 'node', nodeId: `n_${name}` }, enabled: true })

describe('a conversation test under the debugger', () => {
  it('stops at the first breakpoint, with the run held there and no failure', async () => {
    const out = await play(yaml('Hi Asha'), [at('greet')])
    expect(out.stopped).toEqual({ reason: 'breakpoint', turn: 2, where: 'turn 2 (user: "Asha")', lines: [] })
    expect(out.final?.debug).toMatchObject({ nodeId: 'n_greet' })
    expect(out.failures).toEqual([])
  })

  it('stops at the first failed expectation; later turns are not played', async () => {
    const out = await play(yaml('Hello Asha'), [])
    expect(out.stopped).toMatchObject({ reason: 'expectation', turn: 2 })
    expect(out.stopped!.lines.join('\n')).toMatch(/Hello Asha/)
    expect(out.failures).toHaveLength(1)
    expect(out.final?.waiting?.nodeId).toBe('n_again')
    expect(out.final?.vars.more).toBeUndefined()
  })

  it('plays to the end and says nothing when nothing stops it', async () => {
    const out = await play(yaml('Hi Asha'), [])
    expect(out.stopped).toBeUndefined()
    expect(out.failures).toEqual([])
    expect(out.final?.vars.more).toBe('no')
  })
})
