// The A/B split on both stores (docs/runtime.md, "A/B split"): the share of new conversations each version gets,
// stickiness per contact (whatever the percent becomes, after a restart, on a second PostgreSQL instance), runs
// going on finishing on their version, the end of the split, and bad requests refused with a code and a sentence.
import { afterEach, expect, it } from 'vitest'
import type { OutboundMessage } from '../../shared/engine'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import { splitFlow } from './testing/split-flow'
import { endSplit, setSplit, SplitError } from './split-control'

const FLOW = 'flw_split'
const phone = (i: number) => `+9198${String(10_000_000 + i).slice(1)}`

describeEachStore('A/B split', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    for (const r of open.splice(0)) await r.close()
  })

  /** A store with versions 1 (A), 2 (B) and 3 (C) published, 3 running. */
  async function published(store: RuntimeStore): Promise<Runtime> {
    for (const label of ['A', 'B', 'C']) await store.publish(splitFlow(label))
    const { runtime } = testRuntime(store)
    open.push(runtime)
    return runtime
  }

  /** Which version the contact's run took: its Flow Logs version, checked against what it said. */
  async function said(store: RuntimeStore, runId: string): Promise<{ version: number; texts: string[] }> {
    const [run] = await store.logs.rows([runId])
    const texts = (await store.messages(runId)).flatMap((m) =>
      m.direction === 'out' && (m.payload as OutboundMessage).type === 'text'
        ? [(m.payload as Extract<OutboundMessage, { type: 'text' }>).text.body]
        : [],
    )
    return { version: run!.version!, texts }
  }

  it('sends the percent of new conversations to the second version, within the binomial spread', async () => {
    const { store } = await c.open()
    const runtime = await published(store)
    await setSplit(store, FLOW, { versions: [1, 2], percent: 30 }, 1)
    const n = 300
    const counts = new Map<number, number>()
    for (let i = 0; i < n; i++) {
      const answer = await runtime.inbound(text(phone(i), 'hi'))
      const { version, texts } = await said(store, answer.runId!)
      // The run ran the document of the version it is logged under.
      expect(texts[0]).toBe(`Hello from ${version === 1 ? 'A' : 'B'}`)
      counts.set(version, (counts.get(version) ?? 0) + 1)
    }
    expect([...counts.keys()].sort()).toEqual([1, 2])
    // Four standard deviations of Binomial(300, 0.3): sqrt(300 × 0.3 × 0.7) ≈ 7.9, so 90 ± 32.
    const sd = Math.sqrt(n * 0.3 * 0.7)
    expect(Math.abs(counts.get(2)! - n * 0.3)).toBeLessThanOrEqual(4 * sd)
  }, 120_000)

  it('keeps each contact on its version while the split lasts: a new percent, a restart, another instance', async () => {
    const { store, url, reopen } = await c.open()
    let runtime = await published(store)
    await setSplit(store, FLOW, { versions: [1, 2], percent: 50 }, 1)
    const n = 40
    const first: number[] = []
    for (let i = 0; i < n; i++) {
      const a = await runtime.inbound(text(phone(i), 'hi'))
      first.push((await said(store, a.runId!)).version)
      await runtime.inbound(text(phone(i), 'done')) // the run ends: the next "hi" is a new conversation
    }
    expect(first.filter((v) => v === 2).length).toBeGreaterThan(5)
    // Almost everyone new would go to version 1 now; those assigned version 2 stay there.
    const changed = await setSplit(store, FLOW, { versions: [1, 2], percent: 1 }, 2)
    const again = async (rt: Runtime, s: RuntimeStore) => {
      const out: number[] = []
      for (let i = 0; i < n; i++) {
        const a = await rt.inbound(text(phone(i), 'hi'))
        out.push((await said(s, a.runId!)).version)
        await rt.inbound(text(phone(i), 'done'))
      }
      return out
    }
    expect(await again(runtime, store)).toEqual(first)
    expect((await store.split(FLOW))?.since).toBe(changed.since)
    // A restart: the assignments are in the store.
    await runtime.close()
    open.splice(0)
    const reopened = await reopen()
    runtime = testRuntime(reopened).runtime
    open.push(runtime)
    expect(await again(runtime, reopened)).toEqual(first)
    if (c.openShared) {
      // A second instance on the same database answers the same contacts the same way.
      const other = await c.openShared(url!)
      const second = testRuntime(other).runtime
      open.push(second)
      expect(await again(second, other)).toEqual(first)
    }
  }, 120_000)

  it('lets a run going on finish on its version when the split ends, and sends new conversations to the one kept', async () => {
    const { store } = await c.open()
    const runtime = await published(store)
    await setSplit(store, FLOW, { versions: [1, 2], percent: 50 }, 1)
    // Contacts on each side, paused at the question.
    const waiting = new Map<number, string>()
    for (let i = 0; waiting.size < 2 && i < 64; i++) {
      const a = await runtime.inbound(text(phone(i), 'hi'))
      const { version } = await said(store, a.runId!)
      if (!waiting.has(version)) waiting.set(version, phone(i))
    }
    expect([...waiting.keys()].sort()).toEqual([1, 2])
    const kept = await endSplit(store, FLOW, 1)
    expect(kept).toMatchObject({ flowId: FLOW, version: 1, active: true })
    expect(await store.split(FLOW)).toBeNull()
    expect((await store.versions(FLOW)).find((v) => v.active)?.version).toBe(1)
    // Each paused run answers from the version it started on: B's run says B's goodbye although 1 runs now.
    for (const [version, p] of waiting) {
      const a = await runtime.inbound(text(p, 'done'))
      const r = await said(store, a.runId!)
      expect(r).toMatchObject({ version })
      expect(r.texts.at(-1)).toBe(`Bye from ${version === 1 ? 'A' : 'B'}`)
    }
    // Every new conversation now goes to the version kept, whichever side its contact was on.
    for (const p of [...waiting.values(), phone(500), phone(501)]) {
      const a = await runtime.inbound(text(p, 'hi'))
      expect(await said(store, a.runId!)).toMatchObject({ version: 1, texts: ['Hello from A', 'Anything else?'] })
    }
  })

  it('applies the split to webhook starts: the same contact gets the same version each time', async () => {
    const { store } = await c.open()
    for (const label of ['A', 'B']) await store.publish(splitFlow(label, 'webhook'))
    const { runtime } = testRuntime(store)
    open.push(runtime)
    const hook = (await store.runningFlow('flw_split_hook'))!
    await setSplit(store, 'flw_split_hook', { versions: [2, 1], percent: 50 }, 1)
    const seen = new Map<number, number>()
    for (let i = 0; i < 24; i++) {
      const run = await runtime.webhook(hook, { phone_number: phone(i), data: {} })
      const { version, texts } = await said(store, run.runId)
      expect(texts[0]).toBe(`Hello from ${version === 1 ? 'A' : 'B'}`)
      seen.set(i, version)
      // The same contact again (superseding its paused run): the same version.
      const next = await runtime.webhook(hook, { phone_number: phone(i), data: {} })
      expect((await said(store, next.runId)).version).toBe(version)
    }
    expect(new Set(seen.values()).size).toBe(2)
  })

  it('refuses bad requests with a code and a sentence, changing nothing', async () => {
    const { store } = await c.open()
    await published(store)
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(SplitError)
      return { code: (err as SplitError).code, message: (err as SplitError).message }
    }
    expect(await refused(setSplit(store, 'flw_none', { versions: [1, 2], percent: 10 }, 1))).toEqual({
      code: 'not_found',
      message: 'Flow flw_none is not published on this server; publish it first.',
    })
    expect(await refused(setSplit(store, FLOW, { versions: [1, 7], percent: 10 }, 1))).toEqual({
      code: 'unknown_version',
      message: 'Flow flw_split has no published version 7; its versions are 1, 2 and 3.',
    })
    expect(await refused(endSplit(store, FLOW, 1))).toMatchObject({ code: 'no_split' })
    await setSplit(store, FLOW, { versions: [1, 2], percent: 10 }, 1)
    expect(await refused(endSplit(store, FLOW, 3))).toEqual({
      code: 'keep_not_in_split',
      message: "The version to keep must be one of the split's two, 1 or 2; 3 is neither.",
    })
    expect(await store.split(FLOW)).toEqual({ flowId: FLOW, versions: [1, 2], percent: 10, since: 1 })
    expect((await store.versions(FLOW)).find((v) => v.active)?.version).toBe(3)
  })

  it('ends with a publish or a rollback: another version runs for everyone from then on', async () => {
    const { store } = await c.open()
    const runtime = await published(store)
    await setSplit(store, FLOW, { versions: [1, 2], percent: 99 }, 1)
    await store.publish(splitFlow('D'))
    expect(await store.split(FLOW)).toBeNull()
    const a = await runtime.inbound(text(phone(1), 'hi'))
    expect(await said(store, a.runId!)).toMatchObject({ version: 4 })
    await setSplit(store, FLOW, { versions: [1, 2], percent: 99 }, 2)
    await store.rollback(FLOW, 3)
    expect(await store.split(FLOW)).toBeNull()
  })
})
