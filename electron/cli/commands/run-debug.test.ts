// `chatflow run --break <node>`: stops, prints the variables, asks c / s / q in a terminal, continues by itself in a
// pipe; through the chat loop and through the command line's own parsing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { openDatabase, type Database } from '../../services/db/open'
import { RunService } from '../../services/runs'
import { chat, runCli } from './run'
import { breakpointsOf } from './run-debug'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
    { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
    { type: 'message', name: 'greet', config: { text: 'Hi {{name}}' } },
    { type: 'message', name: 'bye', config: { text: 'Bye' } },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'greet'],
    ['greet', 'out', 'bye'],
  ],
  { id: 'f_hi', name: 'Hi' },
)

async function* lines(...input: string[]) {
  yield* input
}

let db: Database
beforeEach(() => {
  db = openDatabase(':memory:')
})
afterEach(() => db.close())

async function play(input: string[], interactive: boolean, names = ['greet']) {
  const out: string[] = []
  const breaks = breakpointsOf(flow, names)
  if (typeof breaks === 'string') throw new Error(breaks)
  const service = new RunService(db)
  const code = await chat(
    flow,
    { contact: 'Asha +919800000001', db: service, breaks, interactive },
    lines(...input),
    (s) => out.push(s),
  )
  return { code, text: out.join(''), service }
}

describe('chatflow run --break', () => {
  it('in a pipe: prints the variables at the stop and continues by itself', async () => {
    const { code, text } = await play(['hi', 'Asha'], false)
    expect(code).toBe(0)
    const at = text.indexOf('(paused before greet: breakpoint)\n')
    expect(at).toBeGreaterThan(text.indexOf('you: Asha'))
    expect(text.slice(at)).toContain('"name": "Asha"')
    expect(text).toContain('(continuing: stdin is not a terminal)\nbot: Hi Asha\nbot: Bye\n(run ended: completed)\n')
  })

  it('in a terminal: s steps to the next node, c continues', async () => {
    const { text } = await play(['hi', 'Asha', 's', 'x', 'c'], true)
    expect(text).toContain('(paused before greet: breakpoint)')
    expect(text).toContain('[c]ontinue, [s]tep or [q]uit? bot: Hi Asha\n(paused before bye)\n')
    expect(text).toContain('[c]ontinue, [s]tep or [q]uit? (c, s or q) bot: Bye\n(run ended: completed)\n')
  })

  it('in a terminal: q cancels the run and leaves the chat', async () => {
    const { code, text, service } = await play(['hi', 'Asha', 'q', 'ignored'], true)
    expect(code).toBe(0)
    expect(text.endsWith('[c]ontinue, [s]tep or [q]uit? (run ended: cancelled)\n')).toBe(true)
    expect(service.pausedRun(service.contacts.byPhone('+919800000001')!.id)).toBeNull()
  })

  it('stops before the trigger itself when named, before anything ran', async () => {
    const { text } = await play(['hi', 'c', 'Asha'], true, ['trigger_1'])
    expect(text).toContain('you: hi\n(paused before trigger_1: breakpoint)\n')
    expect(text).toContain('bot: Name?')
  })

  it('the command line reads --break (repeatable) and refuses a node the flow does not have', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-break-'))
    try {
      const file = path.join(dir, 'hi.flow.json')
      fs.writeFileSync(file, JSON.stringify(flow))
      const out: string[] = []
      const err: string[] = []
      const io = {
        input: () => lines('hi', 'Asha'),
        stdout: (s: string) => out.push(s),
        stderr: (s: string) => err.push(s),
      }
      expect(await runCli([file, '--break', 'greet', '--break', 'n_bye'], io)).toBe(0)
      const text = out.join('')
      expect(text).toContain('(paused before greet: breakpoint)')
      expect(text).toContain('(paused before bye: breakpoint)')
      expect(text).toContain('bot: Bye\n(run ended: completed)')
      expect(await runCli([file, '--break', 'nope'], io)).toBe(2)
      expect(err.join('')).toContain("--break: the flow has no node 'nope' (its nodes: trigger_1, ask, greet, bye)")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
