// The studio end to end: an Intent node set to ask a model, played in the emulator against the provider of
// Settings → Model provider (a fake endpoint on loopback), saved as a test, which then fails until its answers are
// recorded ("Record model answers"), and passes from the recording with the provider gone.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { EmulatorSession } from '../../../shared/api/commands/emulator'
import { modelShopFlow } from '../../../shared/engine/testing/intent-flow'
import { parseConversationTest } from '../../../shared/engine/conversation'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../../services/effects/testing/model-server'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let server: FakeModelServer
let temp: TempBackend
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())
beforeEach(() => {
  temp = createTempBackend()
})
afterEach(() => temp.cleanup())

function flow(id: string) {
  return modelShopFlow({ id, name: 'Shop', active: true }, { prompt: 'How can I help?' })
}

describe('the model provider in the emulator and the Tests tab', () => {
  it('asks the Settings provider in the emulator, shows the scores, and records answers for the saved test', async () => {
    const b = temp.backend
    const created = expectOk(await b.call('flows.create', { name: 'Shop' }))
    expectOk(await b.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await b.call('emulator.contact', {})).id }

    // No provider set up: the node leaves by failed, saying so.
    expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expectOk(await b.call('emulator.send', { ...t, event: { type: 'text', text: 'cancel it' } }))
    let session: EmulatorSession = expectOk(await b.call('emulator.session', { ...t }))
    expect(JSON.stringify(session.messages)).toContain('Broken: model_unavailable')

    expectOk(await b.call('model.settings.save', { baseUrl: server.baseUrl, model: 'tiny-1' }))
    server.reply(chatAnswer('{"intent":"cancel","confidence":0.9}'))
    expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expectOk(await b.call('emulator.send', { ...t, event: { type: 'text', text: 'scrap the order' } }))
    session = expectOk(await b.call('emulator.session', { ...t }))
    expect(JSON.stringify(session.messages)).toContain('Cancelling')
    const step = session.trace.find((e) => e.nodeName === 'intent_1' && e.phase === 'resume')
    expect(step?.detail).toEqual({
      provider: new URL(server.baseUrl).host,
      scores: { track: 0, cancel: 0.9, human: 0 },
    })

    const saved = expectOk(await b.call('emulator.saveTest', { ...t, name: 'cancels' }))
    const asked = server.received.length
    let [played] = expectOk(await b.call('emulator.runTests', { flowId: created.id, ids: [saved.id] }))
    expect(played!.lastRun!.passed).toBe(false)
    expect(played!.lastRun!.failures[0]!.lines[0]).toMatch(/^recording_missing: node "intent_1"/)
    expect(server.received.length).toBe(asked)

    ;[played] = expectOk(await b.call('emulator.runTests', { flowId: created.id, ids: [saved.id], record: true }))
    expect(played!.lastRun).toMatchObject({ passed: true, recorded: 'Recorded 1 model answer into the test.' })
    expect(server.received.length).toBe(asked + 1)
    const parsed = parseConversationTest(played!.yaml)
    expect(parsed.ok && parsed.test.recordings).toMatchObject([
      { node: 'intent_1', model: 'tiny-1', answer: { intent: 'cancel', confidence: 0.9 } },
    ])

    // The provider gone, the test still passes: it never asks a live model.
    expectOk(await b.call('model.settings.clear', {}))
    ;[played] = expectOk(await b.call('emulator.runTests', { flowId: created.id, ids: [saved.id] }))
    expect(played!.lastRun!.passed).toBe(true)
    expect(server.received.length).toBe(asked + 1)
  })
  it('Record model answers can be cancelled while the provider thinks: the test keeps what it had', async () => {
    const b = temp.backend
    const created = expectOk(await b.call('flows.create', { name: 'Shop' }))
    expectOk(await b.call('flows.save', { document: flow(created.id) }))
    const t = { flowId: created.id, contactId: expectOk(await b.call('emulator.contact', {})).id }
    expectOk(await b.call('model.settings.save', { baseUrl: server.baseUrl, model: 'tiny-1' }))
    server.reply(chatAnswer('{"intent":"track","confidence":0.7}'))
    expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expectOk(await b.call('emulator.send', { ...t, event: { type: 'text', text: 'where is my parcel' } }))
    const saved = expectOk(await b.call('emulator.saveTest', { ...t, name: 'tracks' }))

    server.reply({ hold: true })
    const asked = server.received.length
    const recording = b.call('emulator.runTests', { flowId: created.id, record: true })
    await server.arrived(asked + 1)
    expect(expectOk(await b.call('emulator.cancelRecording', { flowId: created.id }))).toEqual({ cancelled: true })
    const [played] = expectOk(await recording)
    expect(played!.lastRun!.recorded).toContain('Recording was cancelled.')
    expect(played!.yaml).toBe(saved.yaml)
    expect(expectOk(await b.call('emulator.cancelRecording', { flowId: created.id }))).toEqual({ cancelled: false })
  })
})
