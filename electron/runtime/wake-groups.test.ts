// PostgreSQL wakes the due runs it claimed together in one transaction of their contacts (RuntimeStore.withContacts,
// docs/runtime.md "Time"): every contact's lock, its paused run read again under it, the core's decision for each,
// one write and one commit. Exactly once must still hold: here two instances wake the same due runs at the same
// moment (claims that hold for no time, so nothing but the locks and the core keeps them apart), with a fake clock.
import pg from 'pg'
import { afterEach, expect, it, vi } from 'vitest'
import { createEffects } from '../../shared/engine'
import { MemoryAdapter } from './adapters/log-adapter'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describePostgresStore } from './testing/stores'
import { waitOnTime } from './testing/wait-fixtures'
import type { WakeReport } from './wakes'

const T0 = Date.UTC(2026, 0, 10, 9)
const DUE = T0 + 30 * 60_000
const flow = exampleFlow('age-gate')
const phoneOf = (i: number) => `+9198000071${String(i).padStart(2, '0')}`

describePostgresStore('waking due runs in groups', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    vi.restoreAllMocks()
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  function runtimeOn(store: RuntimeStore, clock: { now: number }, reports: WakeReport[], leaseMs?: number) {
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => clock.now } }),
      wakes: { pollMs: null, ...(leaseMs === undefined ? {} : { leaseMs }), onWake: (r) => reports.push(r) },
    })
    open.push(runtime)
    return { runtime, adapter }
  }

  /** `n` contacts of the age gate, each run made to wait until DUE, leaving by its failure port. */
  async function waiting(store: RuntimeStore, runtime: Runtime, n: number): Promise<string[]> {
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      await runtime.inbound(text(phoneOf(i), 'wine'))
      ids.push(await waitOnTime(store, flow, phoneOf(i), DUE, 'failure'))
    }
    return ids
  }

  async function expectWokenOnce(store: RuntimeStore, ids: string[]) {
    for (const id of ids) {
      expect(await store.run(id)).toMatchObject({ status: 'ended', endReason: 'completed' })
      const resumed = (await store.trace(id)).filter((t) => t.nodeName === 'ask_age' && t.phase === 'resume')
      expect(resumed).toHaveLength(1)
      expect(resumed[0]).toMatchObject({ port: 'failure' })
      const logged = (await store.messages(id)).filter((m) => JSON.stringify(m.payload).includes('Come back'))
      expect(logged).toHaveLength(1)
      // The question, then the wake's one message: each in the outbox once, and sent.
      expect((await store.outbox(id)).map((o) => o.status)).toEqual(['sent', 'sent'])
    }
  }

  it('wakes the runs one look claimed in one transaction, each once, by the port its wait named', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    const clock = { now: T0 }
    const reports: WakeReport[] = []
    const { runtime } = runtimeOn(store, clock, reports)
    const ids = await waiting(store, runtime, 40)

    const commits = { n: 0 }
    const query = pg.Client.prototype.query
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text
      if (text === 'COMMIT') commits.n++
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as never)
    clock.now = DUE + 5
    expect(await runtime.runDue()).toBe(40)
    // 40 runs in groups of up to 32: two transactions, where one per run made 40.
    expect(commits.n).toBe(2)
    vi.restoreAllMocks()
    expect(reports.map((r) => [r.action, r.lateMs])).toEqual(ids.map(() => ['woken', 5]))
    expect(new Set(reports.map((r) => r.runId))).toEqual(new Set(ids))
    await runtime.idle()
    await expectWokenOnce(store, ids)
    expect(await runtime.runDue()).toBe(0)
    expect(await store.nextDue(clock.now)).toBeNull()
  })

  it('a run whose step cannot be written holds up no other: its group is tried again run by run', async () => {
    const { store, url } = await c.open()
    await store.publish(flow)
    const clock = { now: T0 }
    const reports: WakeReport[] = []
    const logged: string[] = []
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => clock.now } }),
      wakes: { pollMs: null, onWake: (r) => reports.push(r) },
      log: (m) => logged.push(m),
    })
    open.push(runtime)
    const ids = await waiting(store, runtime, 6)
    // The database refuses any write of one run (a trigger, as a constraint or a full disk would refuse it).
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse BEFORE UPDATE ON runs FOR EACH ROW WHEN (OLD.id = '${ids[2]}' AND NEW.status <> 'paused') EXECUTE FUNCTION refuse()`)
    } finally {
      await admin.end()
    }
    clock.now = DUE
    expect(await runtime.runDue()).toBe(5)
    expect(reports.map((r) => r.runId).sort()).toEqual(ids.filter((_, i) => i !== 2).sort())
    expect(logged).toEqual([expect.stringMatching(new RegExp(`waking run ${ids[2]} failed: refused for the test`))])
    await runtime.idle()
    await expectWokenOnce(
      store,
      ids.filter((_, i) => i !== 2),
    )
    expect(await store.run(ids[2]!)).toMatchObject({ status: 'paused' })
  })

  it('two instances waking the same due runs at the same moment change each run once', async () => {
    const { store, url } = await c.open()
    const other = await c.openShared!(url!)
    await store.publish(flow)
    const clock = { now: T0 }
    const reportsA: WakeReport[] = []
    const reportsB: WakeReport[] = []
    // Claims that run out as they are made: both instances claim every due run, so only the contacts' locks and
    // the core's decision against the stored run keep a run from being woken twice.
    const a = runtimeOn(store, clock, reportsA, 0)
    const b = runtimeOn(other, clock, reportsB, 0)
    const ids = await waiting(store, a.runtime, 24)
    clock.now = DUE
    const [na, nb] = await Promise.all([a.runtime.runDue(), b.runtime.runDue()])
    expect(na + nb).toBe(24)
    const woken = [...reportsA, ...reportsB].filter((r) => r.action === 'woken').map((r) => r.runId)
    expect(woken.sort()).toEqual([...ids].sort())
    for (const r of [...reportsA, ...reportsB].filter((r) => r.action === 'ignored'))
      expect(['not_paused', 'nothing_due']).toContain(r.reason)
    await Promise.all([a.runtime.idle(), b.runtime.idle()])
    await expectWokenOnce(store, ids)
    expect(a.adapter.sent.length + b.adapter.sent.length).toBe(24 * 2) // each: the question, then "Come back"
  })
})
