// `chatflow run` and time: `/wait` moves the chat's clock (never real time) and wakes the run, as the conversation
// core's timer would; a message after a due time first runs what the time brought.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { runCli } from './run'

const flow = {
  ...buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['rate'] } },
      { type: 'question', name: 'rate', config: { prompt: 'Rate us 1-5', saveTo: 'rating', noReplyWithin: '4h' } },
      { type: 'question', name: 'remind', config: { prompt: 'Just checking: 1-5?', saveTo: 'rating' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks for {{rating}}' } },
    ],
    [
      ['trigger_1', 'out', 'rate'],
      ['rate', 'out', 'thanks'],
      ['rate', 'timeout', 'remind'],
      ['remind', 'out', 'thanks'],
    ],
  ),
}

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-wait-'))
  fs.writeFileSync(path.join(dir, 'rate.flow.json'), serialiseFlow(flow))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

async function chatLines(...input: string[]): Promise<string> {
  const out: string[] = []
  const code = await runCli([path.join(dir, 'rate.flow.json')], {
    input: async function* () {
      yield* input
    },
    stdout: (s) => out.push(s),
    stderr: (s) => out.push(s),
  })
  expect(code).toBe(0)
  return out.join('')
}

describe('chatflow run: /wait', () => {
  it('/wait 4h wakes the run: the reminder is sent; the answer then goes to it', async () => {
    const text = await chatLines('rate', '/wait 4h', '5')
    expect(text).toContain('bot: Rate us 1-5\n(or, with no reply, until ')
    expect(text).toMatch(/\(4h pass: it is now [^)]+\)\nbot: Just checking: 1-5\?\n/)
    expect(text).toContain('you: 5\nbot: Thanks for 5\n(run ended: completed)')
  })

  it("/wait past the customer's window expires a run that waits for them only, as the sweep would", async () => {
    const text = await chatLines('rate', '/wait 4h', '/wait 1d', 'hello')
    expect(text).toMatch(
      /\(1d pass: it is now [^)]+\)\n\(the customer's 24-hour window closed: the waiting conversation expired\)\n/,
    )
    // The expired run takes no answer.
    expect(text).not.toContain('Thanks for')
  })

  it('/wait before the time sends nothing; /wait due skips to it', async () => {
    const text = await chatLines('rate', '/wait 1h', '/wait due')
    expect(text).toContain('(1h pass: it is now')
    expect(text).toContain('(nothing was due)')
    // The chat's clock is the real one plus what /wait added, so "due" is what is left of the 4 h, to the ms.
    expect(text).toMatch(/\((?:3h|2h 59m[^)]*) pass: it is now [^)]+\)\nbot: Just checking: 1-5\?/)
  })

  it('a message after the time first runs what the time brought', async () => {
    // The wake of /wait 5h already sent the reminder; the reply answers it.
    const text = await chatLines('rate', '/wait 5h', '4')
    expect(text).toContain('bot: Just checking: 1-5?')
    expect(text).toContain('you: 4\nbot: Thanks for 4')
  })

  it('says how to use it, and why not when nothing waits on time', async () => {
    const text = await chatLines('/wait', '/wait soon', '/wait due')
    expect(text).toContain('(usage: /wait <duration>')
    expect(text).toContain("(wait: 'soon' is not a duration)")
    expect(text).toContain('(wait: due, but the run waits on no time')
  })
})
