// The RuntimeStore contract as both stores keep it (store.ts; docs/runtime.md, "The two stores"): a step is written
// through one mapping (electron/services/runs/step-rows.ts) and read back as the engine made it; every method answers
// the same type from either store; the library a publish carried is served by the store's own libraryEffects.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createEffects, startRun, resumeRun, type StepResult } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import type { PublishLibrary } from '../services/publish/library'
import { EXAMPLES, exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import type { RuntimeStore } from './store'

const library = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'library.json'), 'utf8')) as PublishLibrary
const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }

describeEachStore('the runtime store contract', (c) => {
  let store: RuntimeStore | undefined
  afterEach(async () => {
    await store?.close()
    store = undefined
  })

  it("reads a run's steps back as the engine made them: the run, every trace event, the messages both ways", async () => {
    store = (await c.open()).store
    const flow = exampleFlow('age-gate')
    await store.publish(flow)
    const steps: StepResult[] = []
    for (const body of ['wine', '34'])
      await store.withContact('+919800000001', 'Asha', async (tx) => {
        const paused = await tx.pausedRun()
        const message = { type: 'text' as const, text: body, id: `wamid.${body}` }
        const step = paused
          ? await resumeRun(flow, paused, message, tx.contact, deps)
          : await startRun(flow, { contact: tx.contact, trigger: { kind: 'keyword', keyword: body, message } }, deps)
        steps.push(step)
        await tx.commit({ steps: [{ flow, step }] })
      })
    const runId = steps[0]!.state.id
    expect(steps[1]!.state).toMatchObject({ id: runId, status: 'ended' })
    expect(await store.run(runId)).toMatchObject({
      id: runId,
      flowId: flow.id,
      flowName: flow.name,
      status: 'ended',
      nodeCount: steps[1]!.state.nodeCount,
      // Each step adds its own sum to the run's, in this order (the same float additions as the stores make).
      execMs: steps.map((s) => s.trace.reduce((sum, t) => sum + t.durationMs, 0)).reduce((a, b) => a + b, 0),
    })
    // Stored as JSON: what the engine left undefined reads back as null.
    expect(await store.trace(runId)).toEqual(JSON.parse(JSON.stringify(steps.flatMap((s) => s.trace))))
    const messages = await store.messages(runId)
    expect(messages.map((m) => [m.seq, m.direction, m.type])).toEqual(
      steps
        .flatMap((s) => [['in', s.inbound!.type], ...s.messages.map((m) => ['out', m.type])])
        .map((m, i) => [i, ...m]),
    )
    expect(messages.filter((m) => m.direction === 'out').map((m) => m.payload)).toEqual(
      steps.flatMap((s) => s.messages),
    )
    expect(messages.filter((m) => m.direction === 'out').map((m) => m.id)).toEqual(
      steps.flatMap((s) => s.trace.flatMap((t) => t.messageIds)),
    )
  })

  it('answers the same types from either store: commit the messages it leased, outboundSent whether to claim', async () => {
    store = (await c.open()).store
    const flow = exampleFlow('age-gate')
    await store.publish(flow)
    const now = Date.now()
    const leased = await store.withContact('+919800000002', undefined, async (tx) => {
      const message = { type: 'text' as const, text: 'wine', id: 'wamid.wine' }
      const step = await startRun(
        flow,
        { contact: tx.contact, trigger: { kind: 'keyword', keyword: 'wine', message } },
        deps,
      )
      return tx.commit({ steps: [{ flow, step }], leaseOutbound: { until: now + 30_000 } })
    })
    expect(Array.isArray(leased)).toBe(true)
    const claimed = await store.claimOutbound({ now, leaseMs: 30_000, limit: 10, perContact: 20 })
    // Leased at commit (PostgreSQL) or claimed now (SQLite): the step's messages, once, in order.
    const chain = [...leased, ...claimed]
    expect(chain.length).toBeGreaterThan(0)
    expect(chain.map((i) => i.seq)).toEqual([...chain.map((i) => i.seq)].sort((a, b) => a - b))
    expect(
      typeof (await store.outboundSent(
        chain.map((i) => i.seq),
        now + 1,
      )),
    ).toBe('boolean')
    expect((await store.outbox(chain[0]!.envelope.run_id!)).map((e) => e.status)).toEqual(chain.map(() => 'sent'))
  })

  it('serves the templates and products a publish carried through its own libraryEffects', async () => {
    store = (await c.open()).store
    const effects = store.libraryEffects()
    const template = library.templates[0]!
    const product = library.catalog[0]!
    expect(await effects.templates.get(template.name, template.language)).toBeNull()
    await store.publish(exampleFlow('age-gate'), library)
    expect(await effects.templates.get(template.name, template.language)).toEqual(template)
    expect(await effects.catalogue.product(product.catalogId, product.id)).toMatchObject({
      id: product.id,
      name: product.name,
      price: product.price,
    })
  })
})
