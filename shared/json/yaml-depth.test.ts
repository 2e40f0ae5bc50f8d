// Issue 18: a conversation test nested without end (in a file, a bundle, a saved test) took the YAML parser seconds
// to end in a stack overflow; now it is refused from its text, and what parses is held to the JSON guard.
import { describe, expect, it } from 'vitest'
import { parseConversationTest } from '../engine/conversation/format'
import { YAML_TEXT_MAX_DEPTH, yamlFlowDepthExceeded } from './yaml-depth'

const test = (variables: string) =>
  `name: deep\ncontact: { name: Asha, phone: "+919800000001" }\ntrigger: { message: wine }\nturns:\n  - bot: [{ text: "x" }]\n    variables: { a: ${variables} }\n`

describe('yamlFlowDepthExceeded', () => {
  it('finds the bracket that goes too deep, outside quotes and comments', () => {
    expect(yamlFlowDepthExceeded('a: ' + '['.repeat(5) + ']'.repeat(5), 4)).toEqual({ line: 1, column: 8 })
    expect(yamlFlowDepthExceeded(`a: "[[[[[\\"[["\nb: '[[[['' [[['\nc: x # [[[[[[\nd: it's [[ ]]`, 3)).toBeNull()
    expect(yamlFlowDepthExceeded(`a: 'x'\nb: {c: [{d: [1]}]}`, 3)).toEqual({ line: 2, column: 13 })
  })

  it('refuses a test nested 200,000 levels without parsing it, and one past 64 levels by its path', () => {
    const deep = parseConversationTest(test('['.repeat(200_000) + ']'.repeat(200_000)))
    expect(deep).toEqual({
      ok: false,
      message: `nested more than ${YAML_TEXT_MAX_DEPTH} levels deep at line 6, column ${20 + YAML_TEXT_MAX_DEPTH}`,
    })
    const past = parseConversationTest(test('{a: '.repeat(100) + '1' + '}'.repeat(100)))
    expect(past).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^turns\[0\]\.variables\.a…\(\d+ more\)….*: nested more than 64 levels deep/),
    })
    expect(parseConversationTest(test('{__proto__: {polluted: 1}}'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/__proto__/),
    })
    expect(parseConversationTest(test('[[1]]')).ok).toBe(true)
  })
})
