// A callable flow tested on its own can expect what its End returns (`end: { returns: … }`, docs/testing.md): the
// player checks it, the recorder pins it, and an End inside a call (depth 1) is not the run's own.
import { describe, expect, it } from 'vitest'
import { flowsFrom } from '../flow-source'
import { shop, verify } from '../testing/calls'
import { testDeps } from '../testing/fixtures'
import { parseConversationTest, serialiseConversationTest } from './format'
import { recordTest } from './record'
import { runConversationTest } from './run'

async function play(flow: typeof verify, yaml: string) {
  const parsed = parseConversationTest(yaml)
  if (!parsed.ok) throw new Error(parsed.message)
  const { deps } = testDeps()
  deps.flows = flowsFrom([verify])
  return runConversationTest(flow, parsed.test, deps)
}

const alone = (end: string, answer = '1234') =>
  `name: alone\ntrigger: { manual: { operator: t } }\nvariables: { phone: "+44 1" }\nturns:\n  - state: paused\n  - user: "${answer}"\n    state: ended\nend: ${end}\n`

describe('end: returns', () => {
  it('passes when the End returned the outputs written, and checks only those', async () => {
    expect((await play(verify, alone('{ state: ended, returns: { code: "1234", phone: "+44 1" } }'))).failures).toEqual(
      [],
    )
    expect((await play(verify, alone('{ state: ended, returns: { code: "1234" } }'))).failures).toEqual([])
  })

  it('names each output that differs, and one the End does not return', async () => {
    const out = await play(verify, alone('{ state: ended, returns: { code: "9", phone: "+44 1", name: Asha } }'))
    expect(out.failures).toEqual([
      {
        where: 'end',
        lines: ['returns code: expected "9", got "1234"', 'returns name: expected "Asha", got (not returned)'],
      },
    ])
  })

  it('fails in words when the run did not end at an End of its own flow', async () => {
    const paused = await play(
      verify,
      'name: p\ntrigger: { manual: {} }\nvariables: { phone: "+44 1" }\nturns:\n  - state: paused\nend: { state: paused, returns: { code: "1" } }\n',
    )
    expect(paused.failures).toEqual([
      { where: 'end', lines: ['returns: expected {"code":"1"}, but the run is paused, so it returned nothing'] },
    ])
    // The caller's run passes through the callee's End (depth 1) and ends at a dead end of its own: no returns.
    const caller = await play(
      shop,
      'name: c\ntrigger: { message: shop }\nturns:\n  - state: paused\n  - user: "77"\n    state: ended\nend: { state: ended, returns: { code: "77" } }\n',
    )
    expect(caller.failures).toEqual([
      {
        where: 'end',
        lines: ['returns: expected {"code":"77"}, but the run ended without reaching an End, so it returned nothing'],
      },
    ])
  })

  it('the recorder pins what the End returned, and the test it writes passes', async () => {
    const played = await play(verify, alone('{ state: ended }', '55'))
    const test = recordTest({
      name: 'recorded',
      contact: { name: 'Test Customer', phone: '+10000000000' },
      trigger: { manual: { operator: 't' } },
      variables: { phone: '+44 1' },
      exchanges: played.exchanges,
      final: played.final!,
      trace: played.trace,
    })
    expect(test.end).toEqual({ state: 'ended', returns: { code: '55', phone: '+44 1' } })
    const replay = await play(verify, serialiseConversationTest(test))
    expect(replay.failures).toEqual([])
  })
})
