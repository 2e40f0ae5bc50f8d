// {{chat_message_id}} in the emulator: every triggering message gets one, the Flow Logs keep it on the inbound
// message, and a saved test whose flow read it keeps it in its trigger so the replay meets the same id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { LOCAL_MESSAGE_ID_PREFIX } from '../../../shared/engine'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
beforeEach(() => (temp = createTempBackend()))
afterEach(() => temp.cleanup())

async function flowSaying(text: string) {
  const created = expectOk(await temp.backend.call('flows.create', { name: 'Ref' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['ref'] } },
      { type: 'message', name: 'm', config: { text } },
    ],
    [['trigger_1', 'out', 'm']],
    { id: created.id, name: 'Ref', active: true },
  )
  expectOk(await temp.backend.call('flows.save', { document: doc }))
  const t = { flowId: created.id, contactId: expectOk(await temp.backend.call('emulator.contact', {})).id }
  const out = expectOk(
    await temp.backend.call('emulator.start', { ...t, trigger: { kind: 'keyword' as const, text: 'ref' } }),
  )
  return { t, out }
}

describe('chat_message_id in the emulator', () => {
  it('is made up for the triggering message, logged with it, and kept by a saved test that reads it', async () => {
    const { t, out } = await flowSaying('Your reference is {{chat_message_id}}')
    const id = out.session.run!.vars.chat_message_id as string
    expect(id.startsWith(LOCAL_MESSAGE_ID_PREFIX)).toBe(true)
    expect(out.session.messages[0]).toMatchObject({ direction: 'in', payload: { type: 'text', text: 'ref', id } })
    expect(out.session.messages[1]!.payload).toMatchObject({ text: { body: `Your reference is ${id}` } })
    const saved = expectOk(await temp.backend.call('emulator.saveTest', { ...t, name: 'reference' }))
    expect(saved.yaml).toContain(`chat_message_id: ${id}`)
    const [played] = expectOk(await temp.backend.call('emulator.runTests', { flowId: t.flowId }))
    expect(played!.lastRun).toMatchObject({ passed: true })
  })

  it('is left out of a saved test whose flow never read it', async () => {
    const { t } = await flowSaying('Hello')
    const saved = expectOk(await temp.backend.call('emulator.saveTest', { ...t, name: 'plain' }))
    expect(saved.yaml).not.toContain('chat_message_id')
  })
})
