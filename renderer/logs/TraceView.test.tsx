// Issue 30: Flow Logs show a call's steps folded under the call node; a failure inside a call unfolds it.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LogTrace } from '../../shared/api/commands/logs'
import type { EngineError, TraceEvent } from '../../shared/engine'
import { TraceView } from './TraceView'

let seq = 0
const ev = (nodeName: string, depth = 0, error: EngineError | null = null): TraceEvent => ({
  runId: 'r1',
  seq: seq++,
  nodeId: `n_${nodeName}`,
  nodeName,
  nodeType: nodeName.startsWith('call') ? 'call_flow' : 'message',
  phase: 'run',
  input: null,
  output: null,
  port: error ? null : 'out',
  startedAt: 0,
  durationMs: 2,
  error,
  warnings: [],
  messageIds: [],
  ...(depth ? { flowId: 'flw_verify', depth } : {}),
})

function render(trace: TraceEvent[]): string {
  const logTrace: LogTrace = {
    run: {
      id: 'r1',
      flowId: 'flw_shop',
      flowName: 'Shop',
      contact: { id: 'c', name: 'Asha', phone: '+919800000001' },
      status: 'ended',
      triggerKind: 'keyword',
      endReason: 'completed',
      error: null,
      nodeCount: trace.length,
      execMs: 1,
      startedAt: 0,
      updatedAt: 0,
      endedAt: 0,
      failedDeliveries: 0,
      wakeAt: null,
      cursor: { startedAt: 0, seq: 0 },
    },
    trace,
    messages: [],
    vars: {},
    totalMs: 1,
    path: [],
    trigger: { kind: 'keyword', keyword: 'shop', message: { type: 'text', text: 'shop', id: 'wamid.1' } },
    triggerNodeId: null,
  }
  const noop = () => undefined
  return renderToStaticMarkup(
    <TraceView trace={logTrace} onShowOnCanvas={noop} onExport={noop} onOpenInEmulator={noop} onClose={noop} />,
  )
}

describe('TraceView with calls', () => {
  it("folds the called flow's steps under the call, saying how many and in which flow", () => {
    const html = render([ev('trigger_1'), ev('call_verify'), ev('ask', 1), ev('end_ok', 1), ev('done')])
    expect(html).toMatch(/aria-expanded="false" aria-controls="wf-call-\d+"/)
    expect(html).toContain('Show 2 steps in the called flow flw_verify')
    expect(html).not.toContain('data-node="ask"')
    expect(html).toContain('data-node="done"')
  })

  it('unfolds a call when a step inside it failed, nested at its depth', () => {
    const html = render([
      ev('call_verify'),
      ev('ask', 1),
      ev('send', 2, { code: 'http_error', message: 'down' }),
      ev('failed_path'),
    ])
    expect(html).toContain('Hide 2 steps in the called flow flw_verify')
    expect(html).toMatch(
      /aria-label="Steps in flw_verify".*data-node="ask" data-depth="1".*data-node="send" data-depth="2"/s,
    )
  })
})
