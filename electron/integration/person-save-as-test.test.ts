// Save as test records the person's part (docs/testing.md, "A person takes over"): played in the emulator, a takeover
// by a Hand over node (the customer's held message, the person's reply, the hand-back with variables that takes a
// branch after `returned`) and one by the Person tab while a Question waits (takes over, hands back, the Question
// answered after) become `person:` turns, and the saved test replays green in the Tests tab and in `chatflow test`.
// Real back end, real SQLite file; the clock is the back end's injected `now`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { parseConversationTest } from '../../shared/engine/conversation'
import { serialiseFlow } from '../../shared/flow/serialise'
import { runFiles } from '../cli/commands/test'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

let temp: TempBackend
let now: number
let dir: string
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-person-save-'))
})
afterEach(async () => {
  await temp.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** `chatflow test` on the saved test, beside the flow as a file. */
async function cliPasses(flowDoc: unknown, yaml: string): Promise<string> {
  fs.writeFileSync(path.join(dir, 'support.flow.json'), serialiseFlow(flowDoc as never))
  fs.mkdirSync(path.join(dir, 'support.tests'), { recursive: true })
  const file = path.join(dir, 'support.tests', 'saved.test.yaml')
  fs.writeFileSync(file, yaml)
  let out = ''
  expect(await runFiles([file], (s) => (out += s)), out).toBe(0)
  return out
}

describe('Save as test with a person', () => {
  it('records the held message, the reply and the hand-back with variables of a Hand over node', async () => {
    const api = temp.backend
    const created = expectOk(await api.call('flows.create', { name: 'Support' }))
    const document = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
        { type: 'hand_over', name: 'agent', config: { message: 'A person will answer.', handsBack: ['resolved'] } },
        {
          type: 'condition',
          name: 'done',
          config: { join: 'and', rules: [{ left: '{{resolved}}', operator: 'equals', right: 'yes' }] },
        },
        { type: 'message', name: 'thanks', config: { text: 'Glad it is sorted.' } },
        { type: 'message', name: 'sorry', config: { text: 'We will call you.' } },
      ],
      [
        ['trigger_1', 'out', 'agent'],
        ['agent', 'returned', 'done'],
        ['done', 'true', 'thanks'],
        ['done', 'false', 'sorry'],
      ],
      { id: created.id, name: 'Support', active: true },
    )
    const saved = expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
    const t = { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    now += 1000
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'hello?' } }))
    now += 1000
    expectOk(await api.call('emulator.personReply', { ...t, text: 'I refunded you' }))
    now += 1000
    expectOk(await api.call('emulator.handBack', { ...t, variables: { resolved: 'yes' } }))

    const test = expectOk(await api.call('emulator.saveTest', { ...t, name: 'a person resolves it' }))
    const parsed = parseConversationTest(test.yaml)
    expect(parsed.ok && parsed.test.turns).toEqual([
      { bot: [{ text: 'A person will answer.' }] },
      { user: 'hello?', ignored: 'with_person', bot: [] },
      { person: 'I refunded you', bot: [] },
      { person: { hands_back: { resolved: 'yes' } }, bot: [{ text: 'Glad it is sorted.' }] },
    ])
    const [ran] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(ran!.lastRun).toMatchObject({ passed: true, failures: [] })
    expect(await cliPasses({ ...document, revision: saved.revision }, test.yaml)).toContain('1 passed, 0 failed')
  })

  it('records a takeover from the Person tab while a Question waits, its hand-back, and the answer after', async () => {
    const api = temp.backend
    const { runId, ...t } = await askFlow(api, { started: true })
    now += 1000
    expectOk(await api.call('emulator.handover', { ...t, note: 'VIP' }))
    now += 1000
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'is anyone there' } }))
    now += 1000
    expectOk(await api.call('emulator.personReply', { ...t, text: 'Yes, one moment' }))
    now += 1000
    expectOk(await api.call('emulator.handBack', { ...t, variables: {} }))
    now += 1000
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))

    const test = expectOk(await api.call('emulator.saveTest', { ...t, name: 'the person steps in' }))
    const parsed = parseConversationTest(test.yaml)
    const turns = parsed.ok ? parsed.test.turns : []
    expect(turns.slice(1)).toEqual([
      { person: { takes_over: { note: 'VIP' } }, bot: [] },
      { user: 'is anyone there', ignored: 'with_person', bot: [] },
      { person: 'Yes, one moment', bot: [] },
      { person: { hands_back: {} }, bot: [] },
      { user: 'Asha', bot: [{ text: 'Hi Asha' }] },
    ])
    const [ran] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(ran!.lastRun).toMatchObject({ passed: true, failures: [] })
    // Flow Logs' Save as test of the same run records the same turns.
    const fromLogs = expectOk(await api.call('logs.saveTest', { runId, name: 'from the logs', replace: false }))
    const again = parseConversationTest(fromLogs.yaml)
    expect((again.ok ? again.test.turns : []).slice(1)).toEqual(turns.slice(1))
  })
})
