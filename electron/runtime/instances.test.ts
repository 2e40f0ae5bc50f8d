// Two runtime instances on one state (PostgreSQL: two stores with separate pools; SQLite: two runtimes on the one
// store a single process may hold), with concurrent inbound and webhook traffic for many contacts. Every message is
// delivered twice, to both instances at once: each must be processed exactly once, each contact's messages in the
// order sent, and every run found once.
import { expect, it } from 'vitest'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import type { InboundAnswer, Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { describeEachStore } from './testing/stores'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'

const CONTACTS = 24
const ROUNDS = 3
const WEBHOOK_CONTACTS = 8
const WEBHOOKS_EACH = 4

describeEachStore('two runtime instances', (c) => {
  it('process every message once, in order per contact, and find every run once', async () => {
    const opened = await c.open()
    const storeA = opened.store
    const storeB: RuntimeStore = c.openShared ? await c.openShared(opened.url!) : storeA
    const age = exampleFlow('age-gate')
    const hook = orderTotalFlow('flw_total')
    await storeA.publish(age)
    await storeA.publish(hook)
    const a = testRuntime(storeA).runtime
    const b = testRuntime(storeB).runtime
    const instances: Runtime[] = [a, b]

    const answers = new Map<string, InboundAnswer[]>()
    const sentBy = new Map<string, string[]>()
    const conversation = async (n: number) => {
      const phone = `+9198${String(n).padStart(8, '0')}`
      const sent: string[] = []
      sentBy.set(phone, sent)
      for (let round = 0; round < ROUNDS; round++) {
        for (const body of ['wine', String(20 + n + round)]) {
          const id = `wamid.${n}.${sent.length}`
          sent.push(body)
          // The same message to both instances at once, as a gateway retrying after a timeout would.
          const first = n % 2
          answers.set(
            id,
            await Promise.all([
              instances[first]!.inbound(text(phone, body, id)),
              instances[1 - first]!.inbound(text(phone, body, id)),
            ]),
          )
        }
      }
    }
    const webhooks = Array.from({ length: WEBHOOK_CONTACTS * WEBHOOKS_EACH }, (_, i) =>
      instances[i % 2]!.webhook(hook, {
        phone_number: `+9177${String(i % WEBHOOK_CONTACTS).padStart(8, '0')}`,
        data: { name: `N${i}`, amount: i },
      }),
    )
    const [hookRuns] = await Promise.all([
      Promise.all(webhooks),
      Promise.all(Array.from({ length: CONTACTS }, (_, n) => conversation(n))),
    ])

    for (const [id, pair] of answers) {
      expect(pair.map((p) => p.status).sort(), id).toEqual(['duplicate', 'processed'])
      expect(pair[0]!.runId, id).toBe(pair[1]!.runId)
    }
    for (const [phone, sent] of sentBy) {
      const contact = (await storeA.contactByPhone(phone))!
      const runs = await storeB.runsOfContact(contact.id)
      expect(
        runs.map((r) => [r.flowId, r.status, r.endReason]),
        phone,
      ).toEqual(Array(ROUNDS).fill([age.id, 'ended', 'completed']))
      const inbound: string[] = []
      for (const r of runs)
        for (const m of await storeA.messages(r.id))
          if (m.direction === 'in') inbound.push((m.payload as { text: string }).text)
      expect(inbound, phone).toEqual(sent)
    }
    const ageRuns = await storeB.runsOfFlow(age.id, 10_000)
    expect(new Set(ageRuns.map((r) => r.id)).size).toBe(CONTACTS * ROUNDS)
    expect(ageRuns).toHaveLength(CONTACTS * ROUNDS)
    const hookLogged = await storeA.runsOfFlow(hook.id, 10_000)
    expect(hookLogged).toHaveLength(hookRuns.length)
    expect(new Set(hookLogged.map((r) => r.id))).toEqual(new Set(hookRuns.map((r) => r.runId)))
    expect(hookLogged.every((r) => r.status === 'ended')).toBe(true)
    await a.close()
    if (storeB !== storeA) await b.close()
  }, 120_000)
})
