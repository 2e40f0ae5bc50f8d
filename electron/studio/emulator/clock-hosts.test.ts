// The emulator's clock reaches every way a test contact's runs are stepped, not only the emulator's own commands: a
// webhook request through the studio's listener starts the contact's run on the contact's clock, and the 24-hour
// sweep expires a skipped contact's run when that contact's window closes, not real time's. Real back end, real
// SQLite file, the listener on port 0; real time is the back end's injected `now`, the sweep's timer a fake one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WINDOW_MS } from '../../../shared/engine'
import { orderTotalFlow } from '../../services/webhook/testing/fixtures'
import type { Backend } from '../backend'
import { EXPIRY_SWEEP_MS } from '../runs/expiry-service'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'

const HOUR = 3_600_000
let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  process.env.CHATFLOW_WEBHOOK_PORT = '0'
})
afterEach(async () => {
  vi.useRealTimers()
  delete process.env.CHATFLOW_WEBHOOK_PORT
  await temp.cleanup()
})

describe("the emulator's clock in the studio's other hosts", () => {
  it("starts a webhook run of a test contact that skipped ahead on that contact's clock", async () => {
    temp = createTempBackend({ now: () => now })
    api = temp.backend
    const flowId = expectOk(await api.call('flows.create', {})).id
    expectOk(await api.call('flows.save', { document: orderTotalFlow(flowId) }))
    const ahead = expectOk(await api.call('emulator.contact', {}))
    expectOk(await api.call('emulator.skip', { flowId, contactId: ahead.id, to: { kind: 'by', ms: 5 * HOUR } }))
    const info = expectOk(await api.call('webhook.info', { flowId }))
    const post = async (phone: string) => {
      const res = await fetch(info.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': info.secret! },
        body: JSON.stringify({ phone_number: phone, data: { name: 'Asha', amount: 250 } }),
      })
      expect(res.status).toBe(200)
      return (await res.json()) as { run_id: string; contact_id: string }
    }
    const skipped = await post(ahead.phone)
    expect(skipped.contact_id).toBe(ahead.id)
    const log = expectOk(await api.call('logs.run', { runId: skipped.run_id }))
    expect(log.run).toMatchObject({ startedAt: now + 5 * HOUR, endedAt: now + 5 * HOUR })
    expect(log.messages.every((m) => m.createdAt === now + 5 * HOUR)).toBe(true)
    // A number that never skipped runs on real time.
    const plain = await post('+919800000001')
    expect(expectOk(await api.call('logs.run', { runId: plain.run_id })).run.startedAt).toBe(now)
  })

  it("expires a skipped contact's waiting run when that contact's window closes, and no other run then", async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    temp = createTempBackend({ now: () => now })
    api = temp.backend
    // One contact skips 23 h ahead and is asked at once; another is asked an hour later in real time.
    const ahead = await askFlow(api)
    expectOk(await api.call('emulator.skip', { ...ahead, to: { kind: 'by', ms: 23 * HOUR } }))
    const a = expectOk(await api.call('emulator.start', { ...ahead, trigger: { kind: 'keyword', text: 'ask' } }))
    const aheadRun = a.session.run!.id
    now += HOUR
    const contact = expectOk(await api.call('emulator.newContact', {}))
    const plain = { flowId: ahead.flowId, contactId: contact.id }
    const p = expectOk(await api.call('emulator.start', { ...plain, trigger: { kind: 'keyword', text: 'ask' } }))
    const plainRun = p.session.run!.id
    const status = async (runId: string) => expectOk(await api.call('logs.run', { runId })).run

    // Real time 24 h after the first start is 47 h on the skipped contact's clock: 24 h after it was asked.
    now += 23 * HOUR - 1
    vi.advanceTimersByTime(EXPIRY_SWEEP_MS)
    expect(await status(aheadRun)).toMatchObject({ status: 'paused' })
    now += 1
    vi.advanceTimersByTime(EXPIRY_SWEEP_MS)
    expect(await status(aheadRun)).toMatchObject({
      status: 'ended',
      endReason: 'expired',
      endedAt: now + 23 * HOUR,
    })
    expect(await status(plainRun)).toMatchObject({ status: 'paused' })
    now += HOUR
    vi.advanceTimersByTime(EXPIRY_SWEEP_MS)
    expect(await status(plainRun)).toMatchObject({ status: 'ended', endReason: 'expired', endedAt: now })
    expect(WINDOW_MS).toBe(24 * HOUR)
  })
})
