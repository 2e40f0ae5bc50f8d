// A conversation played in the emulator with the 24-hour window enforced replays under the same rules when saved as
// a test: in the studio's Tests tab and in `chatflow test`, whatever day either runs on.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { serialiseFlow } from '../../shared/flow/serialise'
import { runFiles } from '../cli/commands/test'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

let temp: TempBackend
let dir: string
let now: number
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-window-recorded-'))
})
afterEach(async () => {
  await temp.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function setup() {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: 'Reminder' }))
  const document = buildFlow(
    [
      { type: 'trigger', name: 'hi', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'trigger', name: 'operator', config: { kind: 'manual' } },
      { type: 'message', name: 'hello', config: { text: 'Hello!' } },
      { type: 'message', name: 'reminder', config: { text: 'Your table is ready.' } },
    ],
    [
      ['hi', 'out', 'hello'],
      ['operator', 'out', 'reminder'],
    ],
    { id: created.id, name: 'Reminder', active: true },
  )
  expectOk(await api.call('flows.save', { document }))
  const contactId = expectOk(await api.call('emulator.contact', {})).id
  return { document, t: { flowId: created.id, contactId } }
}

/** The contact as the emulator's session shows it just before a start (what the Tests tab records). */
async function windowOf(contactId: string) {
  const c = expectOk(await temp.backend.call('emulator.contact', {}))
  expect(c.id).toBe(contactId)
  return { lastInboundAt: c.lastInboundAt, optedIn: c.optedIn }
}

async function replay(document: ReturnType<typeof buildFlow>, yaml: string) {
  fs.writeFileSync(path.join(dir, 'reminder.flow.json'), serialiseFlow(document))
  fs.mkdirSync(path.join(dir, 'reminder.tests'), { recursive: true })
  const file = path.join(dir, 'reminder.tests', 'saved.yaml')
  fs.writeFileSync(file, yaml)
  let out = ''
  const code = await runFiles([file], (s) => (out += s))
  return { code, out }
}

describe('a conversation saved with the window enforced', () => {
  it('records the rules, the contact and the time, so a refused send is refused again everywhere', async () => {
    const { document, t } = await setup()
    const api = temp.backend
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' }, enforceWindow: true }))
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 24 * 3_600_000 } }))
    now += 60_000
    const window = await windowOf(t.contactId)
    // The contact's clock moved a day on: its last message is a day behind the run that follows.
    expect(window.lastInboundAt).toBe(Date.UTC(2026, 0, 1, 9))
    const refused = expectOk(
      await api.call('emulator.start', {
        ...t,
        trigger: { kind: 'manual', data: {} },
        triggerNodeId: 'n_operator',
        enforceWindow: true,
      }),
    )
    expect(refused.session.run).toMatchObject({ status: 'failed', error: { code: 'outside_window' } })

    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'outside the window', window }))
    expect(saved.yaml).toContain('window: enforce')
    expect(saved.yaml).toContain('lastInboundAt: 2026-01-01T09:00:00.000Z')
    expect(saved.yaml).toContain('now: 2026-01-02T09:01:00.000Z')
    expect(saved.yaml).toContain('error: outside_window')

    // Days later, in the studio and on the command line: still outside the window, still refused.
    now += 5 * 86_400_000
    const [studio] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(studio!.lastRun).toMatchObject({ passed: true, failures: [] })
    const cli = await replay(document, saved.yaml)
    expect(cli.out).toContain('1 passed, 0 failed')
    expect(cli.code).toBe(0)
  })

  it('without the rules recorded the same conversation does not replay (the reminder goes out)', async () => {
    const { document, t } = await setup()
    const api = temp.backend
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' }, enforceWindow: true }))
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 24 * 3_600_000 } }))
    expectOk(
      await api.call('emulator.start', {
        ...t,
        trigger: { kind: 'manual', data: {} },
        triggerNodeId: 'n_operator',
        enforceWindow: true,
      }),
    )
    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'rules left out' }))
    expect(saved.yaml).not.toContain('window:')
    const cli = await replay(document, saved.yaml)
    expect(cli.out).toContain('0 passed, 1 failed')
  })

  it('an opted-out contact is recorded as such', async () => {
    const { t } = await setup()
    const api = temp.backend
    expectOk(await api.call('emulator.updateContact', { contactId: t.contactId, optedIn: false }))
    const window = await windowOf(t.contactId)
    expect(window).toEqual({ lastInboundAt: null, optedIn: false })
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' }, enforceWindow: true }))
    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'opted out', window }))
    expect(saved.yaml).toContain('optedIn: false')
    expect(saved.yaml).not.toContain('lastInboundAt')
    const [studio] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(studio!.lastRun).toMatchObject({ passed: true, failures: [] })
  })
})
