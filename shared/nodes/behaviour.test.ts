// Every built-in module's declarations hold together with its definition (shared/nodes/behaviour.ts): a type that
// says what a customer can send waits, a branching type's routes are its ports, a declared sample's port is
// one of the node's ports, and only a starting type starts.
import { describe, expect, it } from 'vitest'
import { answerContext } from './question/answers/context'
import { prepareSamples } from './behaviour-of'
import { NODE_MODULES } from './modules'

const ctx = answerContext(undefined, Date.parse('2026-06-01T09:00:00Z'), '+14155550100')

describe.each(NODE_MODULES.map((m) => [m.type, m] as const))('%s', (_type, m) => {
  const config = m.defaults() as never

  // Not the other way round: a type that waits only for time (a Wait node) declares no answers; the generator lets
  // time pass instead.
  it('declares answers only when it waits, with samples that lead to its own ports', async () => {
    if (!m.answers) return
    expect(m.waits(config)).toBe(true)
    await prepareSamples([{ type: m.type, config: m.defaults() as Record<string, unknown> }])
    const ports = m.ports(config).map((p) => p.id)
    const samples = m.answers.samples(config, ctx, undefined)
    expect(samples.length).toBeGreaterThan(0)
    for (const s of samples) if (s.port !== undefined) expect(ports).toContain(s.port)
    if (m.answers.refused) expect(ports).toContain(m.answers.refused.port)
  })

  it('declares routes that are its ports, when it branches on rules', () => {
    if (!m.branches) return
    const ports = m.ports(config).map((p) => p.id)
    for (const r of m.branches.routes(config)) expect(ports).toContain(r.id)
  })

  it('starts the flow only when it is in the trigger category', () => {
    expect(m.starts === true).toBe(m.category === 'trigger')
  })
})
