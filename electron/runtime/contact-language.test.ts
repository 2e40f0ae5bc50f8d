// The contact's language (issue #35, migration 026) in both runtime stores: a language saved through the engine's
// contacts effect is read back with the contact by every later transaction (Contact.language, which the engine's
// start reads), survives other updates and a restart, and can be forgotten.
import { expect, it } from 'vitest'
import { createEffects, startRun } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import type { MemoryAdapter } from './adapters/log-adapter'
import { exampleFlow, testRuntime } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }

const PHONE = '+34600000001'

describeEachStore("the contact's language", (c) => {
  it('is none for a new contact, then kept across transactions, other updates and a restart', async () => {
    const { store, reopen } = await c.open()
    const first = await store.withContact(PHONE, 'Lucía', async (tx) => {
      expect(tx.contact.language ?? null).toBeNull()
      const saved = await tx.contacts.update(tx.contact.id, { language: 'es' })
      await tx.commit({ steps: [] })
      return saved
    })
    expect(first).toMatchObject({ phone: PHONE, language: 'es' })
    await store.withContact(PHONE, 'Lucía', async (tx) => {
      expect(tx.contact.language).toBe('es')
      // An update that does not name the language keeps it.
      const updated = await tx.contacts.update(tx.contact.id, { fields: { city: 'Sevilla' } })
      expect(updated).toMatchObject({ fields: { city: 'Sevilla' }, language: 'es' })
      expect(await tx.contacts.get(tx.contact.id)).toMatchObject({ language: 'es' })
      await tx.commit({ steps: [] })
    })
    await store.close()
    const again = await reopen()
    try {
      await again.withContact(PHONE, undefined, async (tx) => {
        expect(tx.contact).toMatchObject({ name: 'Lucía', language: 'es', fields: { city: 'Sevilla' } })
        expect(await tx.contacts.update(tx.contact.id, { language: null })).toMatchObject({ language: null })
        await tx.commit({ steps: [] })
      })
      await again.withContact(PHONE, undefined, async (tx) => {
        expect(tx.contact.language).toBeNull()
        await tx.commit({ steps: [] })
      })
    } finally {
      await again.close()
    }
  })

  it("is saved with the step that changed it (StepResult.contactLanguage), beside the customer's last message time", async () => {
    const { store } = await c.open()
    try {
      const flow = exampleFlow('age-gate')
      await store.publish(flow)
      const message = { type: 'text' as const, text: 'wine', id: 'wamid.wine' }
      for (const [language, touch] of [
        ['es', 1_700_000_000_000],
        [undefined, 1_700_000_100_000],
        ['en', undefined],
      ] as const)
        await store.withContact(PHONE, 'Lucía', async (tx) => {
          const step = await startRun(
            flow,
            { contact: tx.contact, trigger: { kind: 'keyword', keyword: 'wine', message } },
            deps,
          )
          await tx.commit({
            steps: [{ flow, step: language ? { ...step, contactLanguage: language } : step }],
            ...(touch ? { touchInboundAt: touch } : {}),
          })
        })
      await store.withContact(PHONE, undefined, async (tx) => {
        // The second step changed nothing: 'es' stayed until the third set 'en'; its touch stays too.
        expect(tx.contact).toMatchObject({ language: 'en', lastInboundAt: 1_700_000_100_000 })
        await tx.commit({ steps: [] })
      })
    } finally {
      await store.close()
    }
  })

  it('a customer who picks Español in the appointment menu gets the next conversation in Spanish', async () => {
    const { store } = await c.open()
    try {
      await store.publish(exampleFlow('appointment'))
      const { runtime, adapter } = testRuntime(store)
      const phone = '+34600000002'
      const lists = () =>
        (adapter as MemoryAdapter)
          .to(phone)
          .flatMap((e) => (e.message.type === 'interactive' ? [JSON.stringify(e.message)] : []))
      // The answer leaves through the outbox after the step commits: read what was sent once the sender is idle.
      const send = async (event: Parameters<typeof runtime.inbound>[0]['event'], id: string) => {
        const handled = await runtime.inbound({ phone, name: 'Lucía', messageId: id, event: { ...event, id } })
        await runtime.idle()
        return handled
      }
      const first = await send({ type: 'text', text: 'book' }, 'wamid.l1')
      expect(lists().at(-1)).toContain('which service would you like to book?')
      await send({ type: 'list_reply', reply: { id: 'es', title: 'Español' } }, 'wamid.l2')
      expect(lists().at(-1)).toContain('¿qué servicio quieres reservar?')
      await store.withContact(phone, undefined, async (tx) => {
        expect(tx.contact.language).toBe('es')
        await tx.commit({ steps: [] })
      })
      // A new conversation ("book" decides no language itself): the stored language, not the default.
      const again = await send({ type: 'text', text: 'book' }, 'wamid.l3')
      // The keyword starts a new run (superseding the waiting one): it starts in the stored language.
      expect(again).toMatchObject({ status: 'processed', action: 'started' })
      expect(again.status === 'processed' && again.runId).not.toBe(first.status === 'processed' && first.runId)
      expect(lists()).toHaveLength(3)
      expect(lists().at(-1)).toContain('¿qué servicio quieres reservar?')
      await runtime.close()
    } finally {
      await store.close()
    }
  })
})
