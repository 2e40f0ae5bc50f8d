import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { resumeRun, startRun } from './machine'

const manual = { kind: 'manual' } as const

/** A catalogue of an engine that does not know `type` (a flow made by a newer studio). */
function withoutType(type: string) {
  const { deps } = testDeps()
  return {
    ...deps,
    catalog: { node: (t: Parameters<typeof deps.catalog.node>[0]) => (t === type ? undefined : deps.catalog.node(t)) },
  }
}

describe('node failures', () => {
  // `type` names the node the no-runner tests run with a catalogue that does not know it.
  const withHttp = (failurePort: boolean, type: 'http_call' | 'spm' = 'http_call') =>
    buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 'Checking…' } },
        { type, name: 'http_call_1' },
        { type: 'message', name: 'message_2', config: { text: 'Sorry: {{http_call_1.error.code}}' } },
      ],
      [
        ['trigger_1', 'out', 'message_1'],
        ['message_1', 'out', 'http_call_1'],
        ...(failurePort ? ([['http_call_1', 'failure', 'message_2']] as Array<[string, string, string]>) : []),
      ],
    )

  it('fails the run with the reason when a node of a type the engine does not know is reached and no failure port is connected', async () => {
    const deps = withoutType('spm')
    const r = await startRun(withHttp(false, 'spm'), { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('failed')
    expect(r.state.error).toMatchObject({ code: 'no_runner', nodeName: 'http_call_1', nodeId: 'n_http_call_1' })
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Checking…' } }])
    const last = r.trace.at(-1)!
    expect(last).toMatchObject({ nodeName: 'http_call_1', port: null, error: { code: 'no_runner' } })
  })

  it('follows the failure port when it is connected, with the error readable under the node name', async () => {
    const deps = withoutType('spm')
    const r = await startRun(withHttp(true, 'spm'), { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('ended')
    expect(r.messages.at(-1)).toEqual({ type: 'text', text: { body: 'Sorry: no_runner' } })
    expect(r.trace.find((t) => t.nodeName === 'http_call_1')?.port).toBe('failure')
  })

  it('uses a mock instead of the runner, and a mocked error takes the failure port', async () => {
    const flow = withHttp(true)
    flow.edges.push({ id: 'e_ok', source: 'n_http_call_1', sourcePort: 'success', target: 'n_message_2' })
    flow.nodes.find((n) => n.name === 'message_2')!.config.text =
      'Status {{http_call_1.status}} {{http_call_1.error.message}}'
    const ok = testDeps({ mocks: { http_call_1: { output: { status: 200 } } } })
    const r1 = await startRun(flow, { contact: ASHA, trigger: manual }, ok.deps)
    expect(r1.messages.at(-1)).toEqual({ type: 'text', text: { body: 'Status 200 ' } })
    const bad = testDeps({ mocks: { http_call_1: { error: 'timed out' } } })
    const r2 = await startRun(flow, { contact: ASHA, trigger: manual }, bad.deps)
    expect(r2.messages.at(-1)).toEqual({ type: 'text', text: { body: 'Status  timed out' } })
  })

  it('never sends the message of a node that failed', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: '{{missing}}' } },
      ],
      [['trigger_1', 'out', 'message_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual }, deps)
    expect(r.state.error).toMatchObject({ code: 'empty_message', nodeName: 'message_1' })
    expect(r.messages).toEqual([])
  })

  it('fails on a config its schema refuses, naming the field', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 42 } },
      ],
      [['trigger_1', 'out', 'message_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual }, deps)
    expect(r.state.error?.code).toBe('invalid_config')
    expect(r.state.error?.message).toContain('text')
  })

  it('renders a failing expression empty, goes on, and keeps the error as a trace warning', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 'Total: {{nosuchfn(1)}}!' } },
      ],
      [['trigger_1', 'out', 'message_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('ended')
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Total: !' } }])
    expect(r.trace[1]!.warnings.length).toBe(1)
  })
})

describe('trace events', () => {
  it('record the variables a node read as its input, its output, port, timing and order', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'condition',
          name: 'condition_1',
          config: { join: 'and', rules: [{ left: '{{age}}', operator: 'greater_or_equal', right: '18' }] },
        },
      ],
      [['trigger_1', 'out', 'condition_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual, presets: { age: 20, other: 'x' } }, deps)
    const cond = r.trace[1]!
    expect(cond).toMatchObject({
      runId: r.state.id,
      seq: 1,
      nodeId: 'n_condition_1',
      nodeType: 'condition',
      phase: 'run',
      input: { vars: { age: 20 } },
      output: { result: true },
      port: 'true',
      error: null,
    })
    expect(cond.durationMs).toBeGreaterThanOrEqual(0)
    expect(cond.startedAt).toBe(r.state.startedAt)
  })

  it('record the inbound event as the input of a resume', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'question', name: 'question_1', config: { prompt: 'Age?', saveTo: 'age', answerType: 'number' } },
      ],
      [['trigger_1', 'out', 'question_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual }, deps)
    const r2 = await resumeRun(flow, r.state, { type: 'text', text: '31' }, ASHA, deps)
    expect(r2.trace[0]).toMatchObject({
      phase: 'resume',
      input: { event: { type: 'text', text: '31' } },
      output: { answer: 31 },
    })
    expect(r2.inbound).toEqual({ type: 'text', text: '31' })
  })
})
